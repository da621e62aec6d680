import { Suspense, useId } from 'react';
import type { Promotion } from '@casino/contracts';
import { useSession } from '@/features/auth';
import { activeAccount, BonusTermsList, prefillDeposit, useAccounts } from '@/features/wallet';
import { useMoney } from '@/shared/lib/use-money.ts';
import { LocaleLink } from '@/shared/i18n';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { cn } from '@/shared/lib/cn.ts';
import { useModal } from '@/shared/modals/use-modal.ts';
import { Button, buttonClass } from '@/shared/ui/button.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { useFormatDate } from './format.ts';
import { usePromotions } from './promotions-api.ts';
import './i18n/index.ts';

/**
 * `/promotions`: every offer anyone can act on, for guests too — the welcome package's steps in order,
 * then the other deposit bonuses and cashback — each with what it gives, what it needs and its full
 * terms, read from the definitions. Figures in the player's active currency (a guest's: EUR).
 */
export function Promotions() {
  const { t } = useTranslation();
  const status = useSession((s) => s.status);
  const accounts = useAccounts();
  const currency = (status === 'player' ? activeAccount(accounts.data)?.currency : undefined) ?? 'EUR';
  const offers = usePromotions(currency);
  if (offers.isPending) return <Spinner label={t('bonuses.promotions.loading')} />;
  if (offers.isError)
    return (
      <div className="space-y-3">
        <p role="alert" className="text-sm text-danger">
          {t('bonuses.promotions.loadFailed')}
        </p>
        <Button variant="secondary" onClick={() => void offers.refetch()}>
          {t('bonuses.retry')}
        </Button>
      </div>
    );
  const packaged = offers.data.filter((o) => o.package !== null);
  const others = offers.data.filter((o) => o.package === null);
  if (offers.data.length === 0) return <p className="text-muted">{t('bonuses.promotions.none')}</p>;
  return (
    <div className="space-y-10">
      {packaged.length > 0 && (
        <OfferGroup title={t('bonuses.promotions.packageTitle')} intro={t('bonuses.promotions.packageIntro')}>
          {packaged.map((offer, i) => (
            <OfferCard key={offer.id} offer={offer} step={i + 1} />
          ))}
        </OfferGroup>
      )}
      {others.length > 0 && (
        <OfferGroup title={t('bonuses.promotions.othersTitle')}>
          {others.map((offer) => (
            <OfferCard key={offer.id} offer={offer} />
          ))}
        </OfferGroup>
      )}
      <p className="text-sm text-muted">
        {t('bonuses.promotions.general')}{' '}
        <LocaleLink to="/static/bonus-terms" className="font-semibold text-accent hover:underline">
          {t('bonuses.promotions.generalLink')}
        </LocaleLink>
      </p>
    </div>
  );
}

function OfferGroup({ title, intro, children }: { title: string; intro?: string; children: React.ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div>
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-fg">
          {title}
        </h2>
        {intro && <p className="mt-1 text-sm text-muted">{intro}</p>}
      </div>
      <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">{children}</ul>
    </section>
  );
}

/** What an offer gives, in one line: "100 % of your deposit, up to €500.00", "300 free spins on …". */
export function useOfferHeadline() {
  const { t } = useTranslation();
  const money = useMoney();
  return (offer: Promotion) => {
    const m = (amount: number) => money(amount, offer.currency);
    if (offer.cashback)
      return t(`bonuses.promotions.cashback.${offer.cashback.period}${offer.maxAmount !== null ? 'Capped' : ''}`, {
        percentage: offer.cashback.percentage,
        max: offer.maxAmount !== null ? m(offer.maxAmount) : '',
      });
    if (offer.freespins)
      return t('bonuses.promotions.freespins', {
        count: offer.freespins.count,
        game: offer.freespins.game.name,
        stake: m(offer.freespins.stake),
      });
    if (offer.depositPercentage !== null)
      return offer.maxAmount !== null
        ? t('bonuses.promotions.percentageCapped', { percentage: offer.depositPercentage, max: m(offer.maxAmount) })
        : t('bonuses.promotions.percentage', { percentage: offer.depositPercentage });
    return t('bonuses.promotions.fixed', { amount: m(offer.amount ?? 0) });
  };
}

function OfferCard({ offer, step }: { offer: Promotion; step?: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const date = useFormatDate();
  const headline = useOfferHeadline();
  const status = useSession((s) => s.status);
  const modal = useModal();
  const headingId = useId();
  const m = (amount: number) => money(amount, offer.currency);
  const needs =
    offer.minDeposit === null
      ? null
      : offer.maxDeposit !== null
        ? t('bonuses.promotions.depositRange', { min: m(offer.minDeposit), max: m(offer.maxDeposit) })
        : t('bonuses.promotions.depositFrom', { min: m(offer.minDeposit) });
  const get = () => {
    if (status !== 'player') return modal.open('sign-up');
    prefillDeposit({ bonusId: offer.id, amount: offer.minDeposit ?? 0 });
    modal.open('wallet', 'deposit');
  };
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex h-full flex-col rounded-2xl border border-line bg-surface p-5"
      >
        {step !== undefined && (
          <p className="text-xs font-semibold uppercase tracking-wide text-accent">
            {t('bonuses.promotions.step', { step })}
          </p>
        )}
        <h3 id={headingId} className="mt-1 text-lg font-semibold text-fg">
          {offer.name}
        </h3>
        <p className="mt-1 text-base font-bold text-fg">{headline(offer)}</p>
        <ul className="mt-2 space-y-0.5 text-sm text-muted">
          {needs && <li>{needs}</li>}
          {offer.kind === 'deposit' && <li>{t('bonuses.promotions.howDeposit')}</li>}
          {offer.kind === 'cashback' && <li>{t('bonuses.promotions.howCashback')}</li>}
          {offer.availableTo && <li>{t('bonuses.promotions.until', { date: date(offer.availableTo) })}</li>}
        </ul>
        <details className="group mt-4 rounded-xl bg-raised px-3 py-2">
          <summary
            className={cn(
              'cursor-pointer select-none py-1 text-sm font-semibold text-fg',
              'focus-visible:outline-2 focus-visible:outline-accent',
            )}
          >
            {t('bonuses.promotions.fullTerms')}
            <span className="sr-only">: {offer.name}</span>
          </summary>
          <Suspense fallback={<Spinner label={t('bonuses.promotions.loading')} />}>
            <BonusTermsList terms={offer.terms} className="mt-2 pb-2" />
          </Suspense>
        </details>
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          {offer.kind === 'deposit' ? (
            <Button size="sm" onClick={get} disabled={status === 'unknown'} aria-describedby={headingId}>
              {status === 'player' ? t('bonuses.promotions.deposit') : t('bonuses.promotions.signUp')}
            </Button>
          ) : status === 'player' ? (
            <LocaleLink to="/bonuses" className={buttonClass('secondary', 'sm')}>
              {t('bonuses.promotions.seeBonuses')}
            </LocaleLink>
          ) : (
            <Button size="sm" variant="secondary" onClick={() => modal.open('sign-up')} disabled={status === 'unknown'}>
              {t('bonuses.promotions.signUp')}
            </Button>
          )}
        </div>
      </article>
    </li>
  );
}
