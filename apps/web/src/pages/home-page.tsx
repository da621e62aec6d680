import { useTranslation } from 'react-i18next';
import { useSession } from '@/features/auth';
import { LocaleLink } from '@/shared/i18n';
import { useModal } from '@/shared/modals/use-modal.ts';
import { Button, buttonClass } from '@/shared/ui/button.tsx';
import { Icon, type IconName } from '@/shared/ui/icon.tsx';
import { usePageTitle } from '@/shared/lib/use-page-title.ts';
import { ComingSoonNotice } from './coming-soon-page.tsx';

const pillars: { icon: IconName; key: string }[] = [
  { icon: 'wallet', key: 'wallet' },
  { icon: 'shield', key: 'control' },
  { icon: 'bolt', key: 'fast' },
];

export default function HomePage() {
  const { t } = useTranslation();
  const status = useSession((s) => s.status);
  const { open } = useModal();
  usePageTitle(t('home.metaTitle'));

  return (
    <div className="space-y-12">
      <section className="relative overflow-hidden rounded-[2rem] border border-line bg-surface px-6 py-12 sm:px-12 sm:py-16" aria-labelledby="home-title">
        <div
          className="pointer-events-none absolute inset-0"
          aria-hidden="true"
          style={{
            background:
              'radial-gradient(640px 360px at 88% 0%, color-mix(in srgb, var(--accent) 22%, transparent), transparent 70%), radial-gradient(520px 300px at 40% 120%, color-mix(in srgb, var(--accent) 10%, transparent), transparent 70%)',
          }}
        />
        <div className="relative max-w-2xl">
          <p className="text-sm font-semibold uppercase tracking-[0.18em] text-accent">{t('home.eyebrow')}</p>
          <h1 id="home-title" className="mt-4 text-4xl font-extrabold leading-[1.08] tracking-tight text-fg sm:text-5xl lg:text-6xl">
            {t('home.title')}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-muted">{t('home.subtitle')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
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
          <p className="mt-6 text-xs text-muted">{t('home.ageNote')}</p>
        </div>
      </section>

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

      <section aria-labelledby="home-lobby">
        <h2 id="home-lobby" className="mb-4 text-2xl font-bold tracking-tight text-fg">
          {t('home.lobbyTitle')}
        </h2>
        <ComingSoonNotice message={t('home.lobbySoon')} />
      </section>
    </div>
  );
}
