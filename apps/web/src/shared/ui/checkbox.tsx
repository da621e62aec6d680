import { useId, type ComponentProps, type ReactNode } from 'react';
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
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-[var(--accent)]"
          {...rest}
        />
        <label htmlFor={inputId} className="cursor-pointer text-sm text-fg">
          {label}
        </label>
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
