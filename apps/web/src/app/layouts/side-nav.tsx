import { lazy, Suspense } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { useSession } from '@/features/auth';
import { Icon } from '@/shared/ui/icon.tsx';
import { cn } from '@/shared/lib/cn.ts';
import { useDrawer } from '../drawer-store.ts';
import { HELP_NAV, MAIN_NAV, PLAYER_NAV } from './nav-items.ts';
import { NavList } from './nav-list.tsx';

/** The quests hub's entry: players only, loaded with their session (a guest's first JS does without it). */
const QuestsEntry = lazy(() => import('@/features/quests').then((m) => ({ default: m.QuestsEntry })));

/** The navigation groups, shared by the desktop side nav and the mobile drawer. */
export function NavGroups({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const isPlayer = useSession((s) => s.status === 'player');
  return (
    <div className="flex flex-col gap-5">
      <NavList items={MAIN_NAV} compact={compact} />
      {isPlayer && (
        <div>
          <p
            className={cn(
              'mb-2 px-3 text-xs font-semibold uppercase tracking-wider text-muted/80',
              compact && 'sr-only',
            )}
          >
            {t('nav.myGames')}
          </p>
          <NavList items={PLAYER_NAV} compact={compact} />
          {/* Quests are a dialog over the page, not a page: beside the player's sections, not only in the avatar menu. */}
          <Suspense fallback={null}>
            <QuestsEntry
              className={cn(
                'mt-1 flex h-11 w-full items-center gap-3 rounded-xl px-3 text-sm font-medium text-muted transition-colors hover:bg-raised hover:text-fg',
                compact && 'justify-center px-0',
              )}
              labelClassName={cn(compact && 'sr-only')}
            />
          </Suspense>
        </div>
      )}
      <div className="border-t border-line pt-4">
        <NavList items={HELP_NAV} compact={compact} />
      </div>
    </div>
  );
}

/** Desktop side nav (from 1024px). Its compact (icons only) state is remembered. */
export function SideNav() {
  const { t } = useTranslation();
  const compact = useDrawer((s) => s.compact);
  const toggleCompact = useDrawer((s) => s.toggleCompact);
  return (
    <aside
      className={cn(
        'sticky top-16 hidden h-[calc(100vh-4rem)] shrink-0 flex-col overflow-y-auto border-r border-line bg-surface/40 p-3 transition-[width] duration-200 lg:flex',
        compact ? 'w-[4.5rem]' : 'w-60',
      )}
    >
      <nav aria-label={t('nav.sections')} className="flex-1">
        <NavGroups compact={compact} />
      </nav>
      <button
        type="button"
        onClick={toggleCompact}
        aria-label={compact ? t('nav.expand') : t('nav.collapse')}
        className="mt-3 flex h-10 items-center justify-center gap-2 rounded-xl text-sm text-muted transition-colors hover:bg-raised hover:text-fg"
      >
        <Icon name={compact ? 'chevronRight' : 'chevronLeft'} />
        {!compact && <span aria-hidden="true">{t('nav.collapse')}</span>}
      </button>
    </aside>
  );
}
