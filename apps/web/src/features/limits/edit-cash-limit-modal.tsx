import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { formatMoney } from '@/shared/lib/format-money.ts';
import { LocaleLink } from '@/shared/i18n';
import { ModalFrame, type ModalProps } from '@/shared/modals/index.ts';
import { cn } from '@/shared/lib/cn.ts';
import { Button, buttonClass } from '@/shared/ui/button.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { toast } from '@/shared/ui/toast.ts';
import { useLimits, useUpdateLimit } from './api.ts';
import { LimitFields, isLimitAmount, limitErrors, type LimitDraft, type LimitErrors } from './limit-form.tsx';
import './i18n/index.ts';

/** `?edit-cash-limit=<id>`: lowering applies at once; raising or another period waits for e-mail and 24 hours. */
export default function EditCashLimitModal({ value, close }: ModalProps) {
  const { t, i18n } = useTranslation();
  const limits = useLimits();
  const limit = limits.data?.find((l) => l.id === value);
  const [draft, setDraft] = useState<LimitDraft | null>(null);
  const [errors, setErrors] = useState<LimitErrors>({});
  const update = useUpdateLimit();

  // A link without a limit (or with one that is gone) leads to the limits page to pick one there.
  if (value === '' || (!limits.isPending && !limit))
    return (
      <ModalFrame title={t('limits.edit.title')} size="sm">
        <p className="text-sm text-muted">{value === '' ? t('limits.edit.incomplete') : t('limits.edit.gone')}</p>
        <LocaleLink to="/profile/limits" className={cn(buttonClass('primary', 'md', true), 'mt-5')}>
          {t('limits.edit.toLimits')}
        </LocaleLink>
      </ModalFrame>
    );
  if (limits.isPending || !limit) return <Spinner label={t('limits.loading')} />;
  const form = draft ?? {
    currency: limit.currency ?? '',
    period: limit.period ?? 'daily',
    amount: String(limit.amount ?? ''),
  };
  const name = t(`limits.names.${limit.definition}`, { period: t(`limits.periods.${limit.period}`) });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!isLimitAmount(form.amount)) {
      setErrors({ amount: t('limits.form.amountInvalid') });
      return;
    }
    setErrors({});
    const looser = form.period !== limit.period || Number(form.amount) > (limit.amount ?? 0);
    update.mutate(
      { id: limit.id, body: { period: form.period as 'daily', amount: form.amount } },
      {
        onSuccess: () => {
          toast(
            looser
              ? { type: 'default', title: t('limits.edit.waiting.title'), description: t('limits.edit.waiting.text') }
              : { type: 'success', title: t('limits.edit.lowered') },
          );
          close();
        },
        onError: (error) => setErrors(limitErrors(error, t('limits.errors.generic'))),
      },
    );
  };

  return (
    <ModalFrame
      title={t('limits.edit.title')}
      description={t('limits.edit.current', {
        name,
        amount: formatMoney(limit.amount ?? 0, limit.currency ?? '', undefined, i18n.language),
      })}
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <LimitFields draft={form} errors={errors} onChange={setDraft} />
        <p className="rounded-lg bg-raised px-3 py-2 text-sm text-muted">{t('limits.edit.rule')}</p>
        {errors.form && (
          <p role="alert" className="text-sm text-danger">
            {errors.form}
          </p>
        )}
        <Button type="submit" block loading={update.isPending}>
          {t('limits.form.save')}
        </Button>
      </form>
    </ModalFrame>
  );
}
