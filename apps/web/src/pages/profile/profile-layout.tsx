import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from '@/shared/router';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { LocaleNavLink } from '@/shared/i18n';
import { cn } from '@/shared/lib/cn.ts';
import { useFeatureItems } from '@/shared/lib/player-init.ts';
import { PROFILE_TABS } from './profile-tabs.ts';
import { RequirePlayer } from './require-player.tsx';

/** `/profile/*`: the account area, for players only, with its sub-page navigation. */
export default function ProfileLayout() {
  const { t } = useTranslation();
  return (
    <RequirePlayer>
      <div className="space-y-6">
        <h1 className="text-3xl font-bold tracking-tight text-fg sm:text-4xl">{t('profile.title')}</h1>
        <ProfileTabStrip />
        <Outlet />
      </div>
    </RequirePlayer>
  );
}

/** The sub-page tabs; on a phone they scroll sideways, and the active one is kept in view. */
function ProfileTabStrip() {
  const { t } = useTranslation();
  const tabs = useFeatureItems(PROFILE_TABS);
  const strip = useRef<HTMLElement>(null);
  // The last path segment names the tab (`/de/profile/limits` → `limits`).
  const current = useLocation().pathname.replace(/\/$/, '').split('/').pop() ?? '';
  useEffect(() => {
    const nav = strip.current;
    const active = [...(nav?.querySelectorAll<HTMLElement>('[data-tab]') ?? [])].find(
      (el) => el.dataset.tab === current,
    );
    if (!nav || !active) return;
    const box = active.getBoundingClientRect();
    const frame = nav.getBoundingClientRect();
    if (box.left >= frame.left && box.right <= frame.right) return;
    // Only the strip moves (scrollIntoView would scroll the page too), centring the tab where it can.
    nav.scrollLeft += box.left - frame.left - (frame.width - box.width) / 2;
  }, [current]);

  return (
    <nav ref={strip} aria-label={t('profile.sections')} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-line">
        {tabs.map((tab) => (
          <li key={tab.path}>
            <LocaleNavLink
              to={`/profile/${tab.path}`}
              data-tab={tab.path}
              preventScrollReset
              state={{ preventScrollReset: true }}
              className={({ isActive }) =>
                cn(
                  '-mb-px block border-b-2 px-4 py-3 text-sm font-semibold transition-colors',
                  isActive ? 'border-accent text-fg' : 'border-transparent text-muted hover:text-fg',
                )
              }
            >
              {t(tab.label)}
            </LocaleNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
