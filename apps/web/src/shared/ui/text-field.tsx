import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/shared/lib/cn.ts';
import { FieldError } from './field-message.tsx';

export type TextFieldProps = ComponentProps<'input'> & {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
};

export const controlClass = (invalid: boolean) =>
  cn(
    'block w-full rounded-xl border bg-page px-3.5 text-fg placeholder:text-muted/70 transition-colors',
    'focus-visible:border-accent',
    invalid ? 'border-danger' : 'border-line hover:border-muted/60',
  );

/** Labelled input; `ref` is a plain prop in React 19, so react-hook-form's `register()` spreads straight in. */
export function TextField({ label, error, hint, id, className, ref, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-fg">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(controlClass(!!error), 'h-11')}
        {...rest}
      />
      {hint && !error && (
        <p id={hintId} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
