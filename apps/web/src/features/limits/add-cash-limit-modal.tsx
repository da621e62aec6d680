import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { LIMIT_CURRENCY_REQUIRED, LimitDefinition } from '@casino/contracts';
import { activeAccount, useAccounts } from '@/features/wallet';
import { ModalFrame, type ModalProps } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { toast } from '@/shared/ui/toast.ts';
import { useAddLimit } from './api.ts';
import { LimitFields, isLimitAmount, limitErrors, type LimitDraft, type LimitErrors } from './limit-form.tsx';
import './i18n/index.ts';

const MONEY = new Set<string>([LimitDefinition.bet, LimitDefinition.loss, LimitDefinition.deposit].map(String));

/** `?add-cash-limit=<definition>` (1 bet, 2 loss, 3 deposit): a new limit, which applies at once. */
export default function AddCashLimitModal({ value, close }: ModalProps) {
  const { t } = useTranslation();
  const definition = (MONEY.has(value) ? Number(value) : LimitDefinition.deposit) as 1 | 2 | 3;
  const accounts = useAccounts();
  const currencies = (accounts.data ?? []).map((a) => a.currency);
  // A deposit limit asks for its currency (the spec's message when none is chosen); the others start on the active one.
  const [draft, setDraft] = useState<LimitDraft>({
    currency: definition === LimitDefinition.deposit ? '' : (activeAccount(accounts.data)?.currency ?? ''),
    period: 'daily',
    amount: '',
  });
  const [errors, setErrors] = useState<LimitErrors>({});
  const add = useAddLimit();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const local: LimitErrors = {};
    if (!draft.currency)
      local.currency =
        definition === LimitDefinition.deposit ? LIMIT_CURRENCY_REQUIRED : t('limits.form.chooseCurrency');
    if (!isLimitAmount(draft.amount)) local.amount = t('limits.form.amountInvalid');
    setErrors(local);
    if (Object.keys(local).length) return;
    add.mutate(
      { definition, period: draft.period as 'daily', currency: draft.currency, amount: draft.amount },
      {
        onSuccess: () => {
          toast({ type: 'success', title: t('limits.added') });
          close();
        },
        onError: (error) => setErrors(limitErrors(error, t('limits.errors.generic'))),
      },
    );
  };

  return (
    <ModalFrame title={t(`limits.add.${definition}`)} description={t('limits.form.addHelp')}>
      <form onSubmit={submit} noValidate className="space-y-5">
        <LimitFields
          draft={draft}
          errors={errors}
          onChange={setDraft}
          currencies={currencies}
          currencyPlaceholder={t('limits.form.selectCurrency')}
        />
        {errors.form && (
          <p role="alert" className="text-sm text-danger">
            {errors.form}
          </p>
        )}
        <Button type="submit" block loading={add.isPending}>
          {t('limits.form.save')}
        </Button>
      </form>
    </ModalFrame>
  );
}
