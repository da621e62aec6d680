import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { LocaleLink, LocaleNavLink } from '@/shared/i18n';
import { useModal } from '@/shared/modals/use-modal.ts';
import { Icon } from '@/shared/ui/icon.tsx';
import { Logo } from '@/shared/ui/logo.tsx';
import { cn } from '@/shared/lib/cn.ts';
import { useFeatureItems } from '@/shared/lib/player-init.ts';
import { useDrawer } from '../drawer-store.ts';
import { HeaderAccount } from './header-account.tsx';
import { LocaleSwitcher } from './locale-switcher.tsx';
import { HEADER_NAV } from './nav-items.ts';
import { ThemeToggle } from './theme-toggle.tsx';

/** The primary links, the page's own underlined. */
function HeaderNav() {
  const { t } = useTranslation();
  const navItems = useFeatureItems(HEADER_NAV);
  return (
    <nav aria-label={t('nav.primary')} className="ml-4 hidden 2xl:block">
      <ul className="flex items-center gap-1">
        {navItems.map((item) => (
          <li key={item.to}>
            <LocaleNavLink
              to={item.to}
              end={item.end ?? false}
              className={({ isActive }) =>
                cn(
                  'whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold transition-colors',
                  isActive ? 'text-fg' : 'text-muted hover:text-fg',
                )
              }
            >
              {({ isActive }) => (
                <span
                  className={cn(
                    'relative',
                    isActive &&
                      'after:absolute after:-bottom-2.5 after:left-0 after:h-0.5 after:w-full after:rounded after:bg-accent',
                  )}
                >
                  {t(item.label)}
                </span>
              )}
            </LocaleNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Header() {
  const { t } = useTranslation();
  const { open } = useModal();
  const drawerOpen = useDrawer((s) => s.open);
  const setDrawerOpen = useDrawer((s) => s.setOpen);

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-page">
      <div className="flex h-16 items-center gap-2 px-3 sm:gap-3 sm:px-5">
        <button
          type="button"
          onClick={() => setDrawerOpen(true)}
          aria-expanded={drawerOpen}
          aria-label={t('nav.openMenu')}
          className="grid size-10 place-items-center rounded-xl text-muted transition-colors hover:bg-raised hover:text-fg lg:hidden"
        >
          <Icon name="menu" />
        </button>
        {/* Named by the brand it shows (on phones only the mark, with the name for screen readers). */}
        <LocaleLink to="/" className="shrink-0 rounded-lg">
          <span className="flex sm:hidden">
            <Logo compact />
          </span>
          <span className="hidden sm:flex">
            <Logo />
          </span>
          <span className="sr-only"> — {t('nav.homeLink')}</span>
        </LocaleLink>

        {/* The side nav (from 1024px) holds the same links: the header repeats them only where a signed-in
            player's header still fits on one line beside them. */}
        <HeaderNav />

        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <button
            type="button"
            onClick={() => open('search')}
            aria-label={t('search.open')}
            className="flex size-10 items-center justify-center gap-2 rounded-xl text-muted transition-colors hover:bg-raised hover:text-fg max-[359px]:hidden xl:w-auto xl:min-w-44 xl:justify-start xl:border xl:border-line xl:px-3 xl:hover:border-muted/60"
          >
            <Icon name="search" />
            <span className="hidden text-sm xl:inline" aria-hidden="true">
              {t('search.placeholder')}
            </span>
          </button>
          {/* Below 1024px both are in the menu drawer (and below 360px search is only in the bottom nav). */}
          <LocaleSwitcher className="hidden lg:flex" />
          <span className="hidden lg:inline-flex">
            <ThemeToggle />
          </span>
          <HeaderAccount />
        </div>
      </div>
    </header>
  );
}
