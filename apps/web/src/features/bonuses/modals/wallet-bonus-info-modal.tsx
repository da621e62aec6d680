import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { activeAccount, useAccounts } from '@/features/wallet';
import { useMoney } from '@/shared/lib/use-money.ts';
import { LocaleLink } from '@/shared/i18n';
import { ModalFrame, type ModalProps } from '@/shared/modals/index.ts';
import { Button, buttonClass } from '@/shared/ui/button.tsx';
import '../i18n/index.ts';

/**
 * `?wallet-bonus-info`: what real and bonus money are, the order stakes take them in, and that bonus
 * money is never paid out; with the active account's two balances when it holds bonus money.
 */
export default function WalletBonusInfoModal({ close }: ModalProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const account = activeAccount(useAccounts().data);
  return (
    <ModalFrame title={t('bonuses.walletInfo.title')}>
      <div className="space-y-3 text-sm text-muted">
        <p>
          <strong className="text-fg">{t('bonuses.walletInfo.realTitle')}</strong> {t('bonuses.walletInfo.real')}
        </p>
        <p>
          <strong className="text-fg">{t('bonuses.walletInfo.bonusTitle')}</strong> {t('bonuses.walletInfo.bonus')}
        </p>
        <p>{t('bonuses.rules.order')}</p>
        <p>{t('bonuses.rules.wagering')}</p>
        <p>{t('bonuses.rules.ending')}</p>
      </div>
      {account && account.bonusBalance > 0 && (
        <dl
          aria-label={t('bonuses.walletInfo.yours', { currency: account.currency })}
          className="mt-4 grid grid-cols-2 gap-x-3 gap-y-1 rounded-lg bg-raised px-3 py-2 text-sm tabular-nums"
        >
          <dt className="text-muted">{t('bonuses.walletInfo.realTitle')}</dt>
          <dd className="text-right font-semibold text-fg">{money(account.realBalance, account.currency)}</dd>
          <dt className="text-muted">{t('bonuses.walletInfo.bonusTitle')}</dt>
          <dd className="text-right font-semibold text-fg">{money(account.bonusBalance, account.currency)}</dd>
        </dl>
      )}
      <div className="mt-6 flex flex-wrap gap-2">
        <LocaleLink to="/bonuses" className={buttonClass('secondary')}>
          {t('bonuses.walletInfo.toBonuses')}
        </LocaleLink>
        <Button onClick={close}>{t('common.gotIt')}</Button>
      </div>
    </ModalFrame>
  );
}
