import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { BonusStatus, type PlayerBonus } from '@casino/contracts';
import { activeAccount, useAccounts } from '@/features/wallet';
import { useModal } from '@/shared/modals/use-modal.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Icon } from '@/shared/ui/icon.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { useOpenBonuses } from './api.ts';
import { BonusCard, type HeadingLevel } from './bonus-card.tsx';
import { CashbackBlock } from './cashback.tsx';
import { FreespinsBlock } from './freespins.tsx';
import './i18n/index.ts';

/**
 * The active bonus and those waiting for activation, in the active account's currency (switching
 * accounts shows that currency's), each with its wagering and its actions.
 */
export function BonusesPanel({ level = 2 }: { level?: 2 | 3 }) {
  const { t } = useTranslation();
  const modal = useModal();
  const accounts = useAccounts();
  const currency = activeAccount(accounts.data)?.currency;
  const bonuses = useOpenBonuses(currency, !!currency);

  if (accounts.isError || bonuses.isError)
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface p-5">
        <p className="text-sm text-fg">{t('bonuses.loadFailed')}</p>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void (accounts.isError ? accounts.refetch() : bonuses.refetch())}
        >
          {t('bonuses.retry')}
        </Button>
      </div>
    );
  if (accounts.isSuccess && !currency) return <p className="text-sm text-muted">{t('bonuses.noAccount')}</p>;
  if (!currency || bonuses.isPending) return <Spinner label={t('bonuses.loading')} className="size-6 text-accent" />;

  const list = bonuses.data;
  const active = list.filter((b) => b.status === BonusStatus.active);
  const issued = list.filter((b) => b.status === BonusStatus.issued);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">{t('bonuses.currencyNote', { currency })}</p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => modal.open('package-bonus')}>
            {t('bonuses.deposit.package.open')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => modal.open('wallet-bonus-info')}>
            {t('bonuses.aboutMoney')}
          </Button>
        </div>
      </div>
      {list.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-3xl border border-dashed border-line p-8 text-center">
          <span className="grid size-12 place-items-center rounded-2xl bg-raised text-muted">
            <Icon name="gift" className="size-6" />
          </span>
          <p className="max-w-md text-muted">{t('bonuses.empty', { currency })}</p>
        </div>
      ) : (
        <>
          <Block id="active" level={level} bonuses={active} all={list} />
          <Block id="issued" level={level} bonuses={issued} all={list} />
        </>
      )}
      <FreespinsBlock level={level} currency={currency} />
      <CashbackBlock level={level} />
    </div>
  );
}

function Block({
  id,
  level,
  bonuses,
  all,
}: {
  id: 'active' | 'issued';
  level: 2 | 3;
  bonuses: PlayerBonus[];
  all: PlayerBonus[];
}) {
  const { t } = useTranslation();
  const Heading = `h${level}` as const;
  return (
    <section aria-labelledby={`bonuses-${id}`} className="space-y-3">
      <Heading id={`bonuses-${id}`} className="text-lg font-semibold text-fg">
        {t(`bonuses.${id}.title`)}
      </Heading>
      {bonuses.length === 0 ? (
        <p className="text-sm text-muted">{t(`bonuses.${id}.none`)}</p>
      ) : (
        <div className="grid gap-3 lg:grid-cols-2">
          {bonuses.map((bonus) => (
            <BonusCard key={bonus.id} bonus={bonus} bonuses={all} level={(level + 1) as HeadingLevel} />
          ))}
        </div>
      )}
    </section>
  );
}
