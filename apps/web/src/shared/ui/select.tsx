import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/shared/lib/cn.ts';
import { FieldError } from './field-message.tsx';
import { controlClass } from './text-field.tsx';

export type SelectOption = { value: string; label: string; disabled?: boolean };
export type SelectProps = ComponentProps<'select'> & {
  label: ReactNode;
  error?: string | undefined;
  /** Options as data; `children` (<option> elements) work as well. */
  options?: readonly SelectOption[];
  placeholder?: string;
};

/** Native select: the platform picker is the most accessible one on phones. */
export function Select({ label, error, options, placeholder, id, className, children, ref, ...rest }: SelectProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const errorId = `${selectId}-error`;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-fg">
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        // The placeholder reads as a prompt, not as a chosen value.
        className={cn(
          controlClass(!!error),
          'h-11 cursor-pointer',
          placeholder !== undefined && rest.value === '' && 'text-muted',
        )}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options?.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled} className="text-fg">
            {o.label}
          </option>
        ))}
        {children}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
