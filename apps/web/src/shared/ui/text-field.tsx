import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/shared/lib/cn.ts';
import { FieldError } from './field-message.tsx';

export type TextFieldProps = ComponentProps<'input'> & {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** A control inside the field's right edge (the password field's show/hide button). */
  end?: ReactNode;
};

export const controlClass = (invalid: boolean) =>
  cn(
    'block w-full rounded-xl border bg-page px-3.5 text-fg placeholder:text-muted/70 transition-colors',
    // An invalid field keeps its error colour while focused (the ring too): green would say "fine".
    invalid
      ? 'border-danger focus-visible:border-danger focus-visible:outline-danger'
      : 'border-line hover:border-muted/60 focus-visible:border-accent',
  );

/** Labelled input; `ref` is a plain prop in React 19, so react-hook-form's `register()` spreads straight in. */
export function TextField({ label, error, hint, end, id, className, ref, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  // The hint stays under an error: the rule is what helps fix it.
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-fg">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(controlClass(!!error), 'h-11', end !== undefined && 'pr-12')}
          {...rest}
        />
        {end && <div className="absolute inset-y-0 right-1 flex items-center">{end}</div>}
      </div>
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
