import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/shared/lib/cn.ts';
import { FieldError } from './field-message.tsx';

export type CheckboxProps = Omit<ComponentProps<'input'>, 'type'> & {
  label: ReactNode;
  error?: string | undefined;
};

/** Native checkbox with its label; works with react-hook-form `register()` like TextField. */
export function Checkbox({ label, error, id, className, ref, ...rest }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        {/* The native input, drawn in the site's colours (its box and tick), still the one that is checked and focused. */}
        <span className="relative mt-0.5 grid size-5 shrink-0">
          <input
            ref={ref}
            id={inputId}
            type="checkbox"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={cn(
              'peer col-start-1 row-start-1 size-5 cursor-pointer appearance-none rounded-md border bg-page transition-colors',
              'checked:border-accent checked:bg-accent disabled:cursor-not-allowed disabled:opacity-60',
              error ? 'border-danger focus-visible:outline-danger' : 'border-line hover:border-muted',
            )}
            {...rest}
          />
          <svg
            viewBox="0 0 20 20"
            aria-hidden="true"
            className="pointer-events-none col-start-1 row-start-1 hidden size-5 text-on-accent peer-checked:block"
          >
            <path
              d="m5 10.5 3.2 3L15 6.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
        <label htmlFor={inputId} className="cursor-pointer text-sm text-fg">
          {label}
        </label>
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
