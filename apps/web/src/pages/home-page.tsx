import { memo, Suspense, useDeferredValue } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { useSession, type SessionStatus } from '@/features/auth';
import { LocaleLink } from '@/shared/i18n';
import { useModal, type ModalApi } from '@/shared/modals/use-modal.ts';
import { Button, buttonClass } from '@/shared/ui/button.tsx';
import { Icon, type IconName } from '@/shared/ui/icon.tsx';
import { usePageTitle } from '@/shared/lib/use-page-title.ts';
import { CollectionRow, ProvidersStrip, WinnersFeed, useCollections } from '@/features/games';
import { SportsbookEvents } from '@/features/sportsbook';
import { TournamentsSection } from '@/features/tournaments';
import { ComingSoonNotice } from './coming-soon-page.tsx';

/** Wire contract: the home page shows the first collections on offer, 18 games each. */
const HOME_ROWS = 6;

const pillars: { icon: IconName; key: string }[] = [
  { icon: 'wallet', key: 'wallet' },
  { icon: 'shield', key: 'control' },
  { icon: 'bolt', key: 'fast' },
];

/** The page's opening: what the site is, and the way in — deposit for a player, sign-up for a guest. */
function Hero({ status, open }: { status: SessionStatus; open: ModalApi['open'] }) {
  const { t } = useTranslation();
  return (
    <section
      className="relative overflow-hidden rounded-3xl border border-line bg-surface px-5 py-6 sm:rounded-[2rem] sm:px-10 sm:py-10"
      aria-labelledby="home-title"
    >
      <div
        className="pointer-events-none absolute inset-0"
        aria-hidden="true"
        style={{
          background:
            'radial-gradient(640px 360px at 88% 0%, color-mix(in srgb, var(--accent) 22%, transparent), transparent 70%), radial-gradient(520px 300px at 40% 120%, color-mix(in srgb, var(--accent) 10%, transparent), transparent 70%)',
        }}
      />
      <div className="relative max-w-2xl">
        <p className="text-xs font-semibold uppercase tracking-[0.18em] text-accent sm:text-sm">{t('home.eyebrow')}</p>
        <h1
          id="home-title"
          className="mt-2 text-[1.75rem] font-extrabold leading-[1.08] tracking-tight text-fg sm:mt-3 sm:text-4xl lg:text-5xl"
        >
          {t('home.title')}
        </h1>
        <p className="mt-3 max-w-xl text-base text-muted sm:mt-4 sm:text-lg">{t('home.subtitle')}</p>
        <div className="mt-5 flex flex-wrap gap-2 sm:mt-6 sm:gap-3">
          {status === 'player' ? (
            <>
              <Button size="lg" onClick={() => open('wallet', 'deposit')}>
                {t('account.deposit')}
              </Button>
              <LocaleLink to="/categories" className={buttonClass('secondary', 'lg')}>
                {t('home.browse')}
              </LocaleLink>
            </>
          ) : (
            <>
              <Button size="lg" onClick={() => open('sign-up')} disabled={status === 'unknown'}>
                {t('home.join')}
              </Button>
              <Button size="lg" variant="secondary" onClick={() => open('sign-in')} disabled={status === 'unknown'}>
                {t('account.signIn')}
              </Button>
            </>
          )}
        </div>
        <WelcomeOffer
          onOpen={status === 'player' ? () => open('package-bonus') : null}
          disabled={status === 'unknown'}
        />
        <p className="mt-5 text-xs text-muted">{t('home.ageNote')}</p>
      </div>
    </section>
  );
}

/** What the site stands for, three cards with an icon each. */
function Pillars() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="home-pillars">
      <h2 id="home-pillars" className="sr-only">
        {t('home.pillarsTitle')}
      </h2>
      <ul className="grid gap-4 md:grid-cols-3">
        {pillars.map((pillar) => (
          <li key={pillar.key} className="rounded-2xl border border-line bg-surface p-6">
            <span className="grid size-11 place-items-center rounded-xl bg-accent/12 text-accent">
              <Icon name={pillar.icon} />
            </span>
            <h3 className="mt-4 font-semibold text-fg">{t(`home.pillars.${pillar.key}.title`)}</h3>
            <p className="mt-1.5 text-sm text-muted">{t(`home.pillars.${pillar.key}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function HomePage() {
  const { t } = useTranslation();
  const status = useSession((s) => s.status);
  const { open } = useModal();
  usePageTitle(t('home.metaTitle'));

  return (
    <div className="space-y-10">
      <Hero status={status} open={open} />

      <Suspense fallback={null}>
        <TournamentsSection />
      </Suspense>

      <Lobby />

      <Pillars />
    </div>
  );
}

/**
 * The welcome package on offer: a player opens it (`package-bonus`); a guest reads it and its terms on
 * the promotions page (`onOpen` null) — not a sign-up form in place of the offer.
 */
function WelcomeOffer({ onOpen, disabled }: { onOpen: (() => void) | null; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="mt-5 flex flex-wrap items-center gap-3 rounded-2xl border border-accent/40 bg-accent/10 px-4 py-3 sm:mt-6">
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent/15 text-accent">
        <Icon name="gift" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-fg">{t('home.welcome.title')}</p>
        <p className="text-sm text-muted">{t('home.welcome.text')}</p>
      </div>
      {onOpen ? (
        <Button variant="secondary" size="sm" onClick={onOpen} disabled={disabled}>
          {t('home.welcome.cta')}
        </Button>
      ) : (
        <LocaleLink to="/promotions" className={buttonClass('secondary', 'sm')}>
          {t('home.welcome.cta')}
        </LocaleLink>
      )}
    </div>
  );
}

/**
 * The catalogue on the home page: a row per collection, the sportsbook's events and the live winners
 * after the first, the studios after the third. Rows load their games as they come near the viewport.
 * Memoised: the page above it re-renders when the session is known, and redrawing every row with it
 * made one ~30 ms blocking render at page load.
 */
const Lobby = memo(function Lobby() {
  const { t } = useTranslation();
  const collections = useCollections();
  // The rows are drawn in a time-sliced background render when the collections arrive: a query's
  // update is otherwise drawn at once, all rows in one blocking render.
  const list = useDeferredValue(collections.data);
  const rows = (list ?? []).slice(0, HOME_ROWS);

  if (list === undefined && !collections.isError) {
    return (
      <div className="space-y-10" aria-busy="true">
        {[0, 1].map((i) => (
          <div key={i} className="h-[19rem] animate-pulse rounded-3xl bg-surface" />
        ))}
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <section aria-labelledby="home-lobby">
        <h2 id="home-lobby" className="mb-4 text-2xl font-bold tracking-tight text-fg">
          {t('home.lobbyTitle')}
        </h2>
        <ComingSoonNotice message={t('home.lobbySoon')} />
        <SportsbookEvents />
      </section>
    );
  }
  return (
    <div className="space-y-10">
      {rows.map((collection, i) => (
        <div key={collection.id} className="space-y-10">
          <CollectionRow collection={collection} first={i === 0} />
          {/* The sportsbook's top and live events (when there is one), below the first row of games. */}
          {i === 0 && <SportsbookEvents />}
          {i === 0 && <WinnersFeed />}
          {(i === 2 || (i === rows.length - 1 && i < 2)) && <ProvidersStrip />}
        </div>
      ))}
    </div>
  );
});
