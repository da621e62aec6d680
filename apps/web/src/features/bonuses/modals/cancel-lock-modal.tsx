import { useEffect } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { BonusStatus, type PlayerBonus } from '@casino/contracts';
import { acknowledgeBonusLock, useAccounts } from '@/features/wallet';
import { useMoney } from '@/shared/lib/use-money.ts';
import { ModalFrame, useModal, type ModalProps } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { useCancelBonus, useOpenBonuses } from '../api.ts';
import { ActionError, BonusLoading } from './modal-bonus.tsx';
import '../i18n/index.ts';

/** The active bonus of `currency` among the open ones (none: nothing stands before the withdrawal). */
export const activeBonusIn = (bonuses: readonly PlayerBonus[] | undefined, currency: string) =>
  bonuses?.find((b) => b.status === BonusStatus.active && b.currency === currency);

/**
 * `?bonus-cancel-lock=<currency>`: opening a withdrawal while a bonus is active. A withdrawal pays out
 * only real money, so the player may keep the bonus (and its bonus money stays to play) or cancel it
 * first, forfeiting its bonus money and what it won. Either way the withdrawal opens next.
 */
export default function CancelLockModal({ value, close }: ModalProps) {
  const { t } = useTranslation();
  const modal = useModal();
  const currency = value;
  const open = useOpenBonuses(currency || undefined, !!currency);
  const bonus = activeBonusIn(open.data, currency);
  const toWithdraw = () => {
    acknowledgeBonusLock(currency);
    modal.replace('bonus-cancel-lock', 'wallet', 'withdraw');
  };
  // No active bonus (it ended meanwhile, or a stale link): straight on to the withdrawal.
  const nothing = !!currency && open.isSuccess && !bonus;
  useEffect(() => {
    if (!currency) close();
    else if (nothing) {
      acknowledgeBonusLock(currency);
      modal.replace('bonus-cancel-lock', 'wallet', 'withdraw');
    }
  }, [nothing, currency, modal, close]);

  if (!currency || open.isPending || nothing) return <BonusLoading title={t('bonuses.cancelLock.title')} />;
  if (!bonus)
    return (
      <ModalFrame title={t('bonuses.cancelLock.title')} size="sm">
        <p role="alert" className="text-sm text-danger">
          {t('bonuses.loadFailed')}
        </p>
        <Button className="mt-5" variant="secondary" onClick={() => void open.refetch()}>
          {t('bonuses.retry')}
        </Button>
      </ModalFrame>
    );
  return <CancelLockQuestion bonus={bonus} onWithdraw={toWithdraw} />;
}

function CancelLockQuestion({ bonus, onWithdraw }: { bonus: PlayerBonus; onWithdraw: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const cancel = useCancelBonus();
  const account = useAccounts().data?.find((a) => a.currency === bonus.currency);
  const m = (amount: number) => money(amount, bonus.currency);
  return (
    <ModalFrame title={t('bonuses.cancelLock.title')} size="sm">
      <div data-testid="bonus-cancel-lock" className="space-y-3 text-sm text-fg">
        <p>{t('bonuses.cancelLock.intro', { name: bonus.name })}</p>
        {bonus.isBonusCancelLock && (
          <p>
            <span className="font-semibold">
              {t('bonuses.cancelLock.wagered', {
                current: m(bonus.currentWagerCasinoAmount),
                required: m(bonus.requiredWagerCasinoAmount),
              })}
            </span>{' '}
            <span className="text-muted">{t('bonuses.cancelLock.wageredWhy')}</span>
          </p>
        )}
        <p>
          {account
            ? t('bonuses.cancelLock.realOnly', { real: m(account.withdrawalBalance) })
            : t('bonuses.cancelLock.realOnlyUnknown')}
        </p>
        <div className="rounded-xl border border-warn/40 bg-warn/10 p-3">
          <p className="font-semibold">
            {account && account.bonusBalance > 0
              ? t('bonuses.cancelLock.forfeit', { amount: m(account.bonusBalance) })
              : t('bonuses.cancelLock.forfeitUnknown')}
          </p>
        </div>
      </div>
      <div className="mt-6 flex flex-col gap-2">
        <Button onClick={onWithdraw}>{t('bonuses.cancelLock.keep')}</Button>
        <p className="-mt-1 text-center text-xs text-muted">{t('bonuses.cancelLock.keepHint')}</p>
        <Button
          variant="secondary"
          loading={cancel.isPending}
          onClick={() => cancel.mutate(bonus.id, { onSuccess: onWithdraw })}
        >
          {t('bonuses.cancelLock.cancel')}
        </Button>
      </div>
      <ActionError error={cancel.error} />
    </ModalFrame>
  );
}
