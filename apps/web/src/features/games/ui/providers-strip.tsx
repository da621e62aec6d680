import { useId, useRef } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { LocaleLink } from '@/shared/i18n';
import { useProviders } from '../api/get-providers.ts';
import { providerGamesPath } from '../lib/paths.ts';
import { ScrollerButtons } from './scroller-buttons.tsx';
import { ProviderLogo } from './provider-logo.tsx';
import { useInView } from '../lib/use-in-view.ts';

/** The strip shows the biggest studios; "All providers" leads to the rest. */
const STRIP_SIZE = 20;

/** The studios as a row of logos on the home page; each leads to its games. */
export function ProvidersStrip() {
  const { t } = useTranslation();
  const headingId = useId();
  const scroller = useRef<HTMLUListElement>(null);
  const section = useRef<HTMLElement>(null);
  // Below the fold on most screens: its logos are drawn only when it comes near.
  const near = useInView(section, { rootMargin: '100px' });
  const providers = useProviders();
  const list = (providers.data ?? [])
    .filter((p) => p.gameEnabledCount > 0)
    .sort((a, b) => b.gameEnabledCount - a.gameEnabledCount)
    .slice(0, STRIP_SIZE);
  if (providers.isSuccess && list.length === 0) return null;
  if (providers.isError) return null;

  const title = t('games.providers.title');
  return (
    <section ref={section} aria-labelledby={headingId}>
      <div className="mb-3 flex items-center gap-3">
        <h2 id={headingId} className="min-w-0 flex-1 truncate text-xl font-bold tracking-tight text-fg">
          {title}
        </h2>
        <LocaleLink
          to="/providers"
          className="shrink-0 rounded-lg px-2 py-1 text-sm font-semibold text-accent hover:underline"
        >
          {t('games.providers.all')}
        </LocaleLink>
        <ScrollerButtons target={scroller} name={title} />
      </div>
      <ul
        ref={scroller}
        aria-label={title}
        className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 [scrollbar-width:none] sm:-mx-1 sm:px-1 [&::-webkit-scrollbar]:hidden"
      >
        {providers.data && near
          ? list.map((provider) => (
              <li key={provider.id} className="shrink-0 snap-start">
                <LocaleLink
                  to={providerGamesPath(provider)}
                  className="flex h-[4.5rem] w-40 flex-col items-center justify-center gap-1 rounded-2xl border border-line bg-surface px-3 transition-colors hover:border-accent/60"
                >
                  <ProviderLogo provider={provider} />
                  <span className="text-[11px] text-muted">
                    {t('games.providers.count', { count: provider.gameEnabledCount })}
                  </span>
                </LocaleLink>
              </li>
            ))
          : Array.from({ length: 6 }, (_, i) => (
              <li key={i} aria-hidden="true" className="h-[4.5rem] w-40 shrink-0 rounded-2xl bg-raised" />
            ))}
      </ul>
    </section>
  );
}
