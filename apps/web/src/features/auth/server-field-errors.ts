import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { FieldErrors } from '@/shared/lib/http.ts';

/**
 * Puts the server's 422 field messages under the matching fields and focuses the first one in
 * form order. Returns false when none of the messages belongs to a field on the form.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  fields: FieldErrors,
  setError: UseFormSetError<T>,
  formOrder: readonly string[],
): boolean {
  const names = formOrder.filter((name) => fields[name]?.[0]);
  names.forEach((name, index) => {
    setError(name as Path<T>, { type: 'server', message: fields[name]![0] }, { shouldFocus: index === 0 });
  });
  return names.length > 0;
}
