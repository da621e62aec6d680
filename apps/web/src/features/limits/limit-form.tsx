import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { CashPeriods } from '@casino/contracts';
import { isApiError } from '@/shared/lib/http.ts';
import { Select } from '@/shared/ui/select.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';

export type LimitDraft = { currency: string; period: string; amount: string };
export type LimitErrors = Partial<Record<keyof LimitDraft | 'form', string>>;

/** An amount the form may send: digits with an optional decimal part, above zero (the server checks the rest). */
export const isLimitAmount = (amount: string) => /^\d+(\.\d+)?$/.test(amount) && Number(amount) > 0;

/** What the server refused, by field (the rest as one line over the form). */
export function limitErrors(error: unknown, fallback: string): LimitErrors {
  if (!isApiError(error)) return { form: fallback };
  const fields = error.fields;
  const first = (key: string) => fields[key]?.[0];
  const mapped: LimitErrors = {};
  if (first('currency')) mapped.currency = first('currency');
  if (first('period')) mapped.period = first('period');
  if (first('amount')) mapped.amount = first('amount');
  if (!mapped.currency && !mapped.period && !mapped.amount) mapped.form = error.message || fallback;
  return mapped;
}

/** The period and amount fields (and the currency, when one is chosen here) of a money limit. */
export function LimitFields({
  draft,
  errors,
  onChange,
  currencies,
  currencyPlaceholder,
}: {
  draft: LimitDraft;
  errors: LimitErrors;
  onChange: (draft: LimitDraft) => void;
  currencies?: readonly string[];
  currencyPlaceholder?: string;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      {currencies && (
        <Select
          label={t('limits.form.currency')}
          value={draft.currency}
          placeholder={currencyPlaceholder ?? ''}
          onChange={(e) => onChange({ ...draft, currency: e.target.value })}
          options={currencies.map((c) => ({ value: c, label: c }))}
          error={errors.currency}
        />
      )}
      <Select
        label={t('limits.form.period')}
        value={draft.period}
        onChange={(e) => onChange({ ...draft, period: e.target.value })}
        options={CashPeriods.map((p) => ({ value: p, label: t(`limits.periods.${p}`) }))}
        error={errors.period}
      />
      <TextField
        label={t('limits.form.amount')}
        inputMode="decimal"
        autoComplete="off"
        value={draft.amount}
        onChange={(e) => onChange({ ...draft, amount: e.target.value.replace(',', '.') })}
        error={errors.amount}
        maxLength={20}
      />
    </div>
  );
}
