import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { BonusCodeStatus } from '@casino/contracts';
import { Button } from '@/shared/ui/button.tsx';
import { useBonusCodes, useWithdrawBonusCode } from './codes-api.ts';
import './i18n/index.ts';

/** Deposit codes waiting for the next paid deposit, each with a way to withdraw it. */
export function PendingDepositCodes() {
  const { t } = useTranslation();
  const codes = useBonusCodes(3);
  const withdraw = useWithdrawBonusCode();
  const waiting = (codes.data ?? []).filter((c) => c.status === BonusCodeStatus.accepted);
  if (waiting.length === 0) return null;
  return (
    <ul aria-label={t('bonuses.codes.pendingTitle')} className="space-y-2">
      {waiting.map((c) => (
        <li
          key={c.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-line bg-raised px-3 py-2"
        >
          <span className="text-sm text-fg">{t('bonuses.codes.pending', { code: c.bonusCode })}</span>
          <Button
            size="sm"
            variant="ghost"
            loading={withdraw.isPending && withdraw.variables === c.id}
            onClick={() => withdraw.mutate(c.id)}
          >
            {t('bonuses.codes.withdraw')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
