import { useId } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { PaymentMethod } from '@casino/contracts';
import { cn } from '@/shared/lib/cn.ts';
import { TextField } from '@/shared/ui/text-field.tsx';
import { useMoney } from '@/shared/lib/use-money.ts';

/** The method's name in the UI language, English when it has none. */
export const methodName = (method: PaymentMethod, language: string) =>
  method.names[language] ?? method.names.en ?? method.method;

/** An invoice's method as the player knows it ("Pay by QR", not "qr_pay"). */
export const invoiceMethodName = (t: (key: string, options: { defaultValue: string }) => string, method: string) =>
  t(`wallet.methodNames.${method}`, {
    defaultValue: method.charAt(0).toUpperCase() + method.slice(1).replaceAll('_', ' '),
  });

/** Payment methods as a radio group of cards. */
export function MethodPicker({
  legend,
  methods,
  value,
  onChange,
  language,
}: {
  legend: string;
  methods: readonly PaymentMethod[];
  value: string;
  onChange: (method: string) => void;
  language: string;
}) {
  const name = useId();
  return (
    <fieldset className="m-0 min-w-0 border-0 p-0">
      <legend className="mb-2 text-sm font-medium text-fg">{legend}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {methods.map((method) => (
          <label
            key={method.method}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-xl border px-3 py-3 text-sm font-semibold transition-colors',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent',
              value === method.method
                ? 'border-accent bg-accent/10 text-fg'
                : 'border-line bg-surface text-muted hover:text-fg',
            )}
          >
            <input
              type="radio"
              name={name}
              value={method.method}
              checked={value === method.method}
              onChange={() => onChange(method.method)}
              className="size-4 accent-[var(--color-accent)]"
            />
            {methodName(method, language)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Amount with the method's presets and bounds. */
export function AmountField({
  method,
  currency,
  value,
  onChange,
  error,
  max,
}: {
  method: PaymentMethod;
  currency: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  /** A lower ceiling than the method's (the withdrawable balance). */
  max?: number;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const ceiling = Math.min(method.amountMax, max ?? Number.POSITIVE_INFINITY);
  return (
    <div className="flex flex-col gap-2">
      <TextField
        label={t('wallet.pay.amount', { code: currency })}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error}
        hint={t('wallet.pay.amountHint', { min: money(method.amountMin, currency), max: money(ceiling, currency) })}
      />
      {method.presets.length > 0 && (
        <fieldset className="m-0 flex min-w-0 flex-wrap gap-2 border-0 p-0">
          <legend className="sr-only">{t('wallet.pay.presets')}</legend>
          {method.presets
            .filter((preset) => preset.amount <= ceiling)
            .map((preset) => (
              <button
                key={preset.amount}
                type="button"
                aria-pressed={value === String(preset.amount)}
                onClick={() => onChange(String(preset.amount))}
                className={cn(
                  'h-9 rounded-full border px-4 text-sm font-semibold transition-colors',
                  value === String(preset.amount)
                    ? 'border-accent bg-accent/10 text-fg'
                    : 'border-line text-muted hover:text-fg',
                )}
              >
                {money(preset.amount, currency)}
              </button>
            ))}
        </fieldset>
      )}
    </div>
  );
}
