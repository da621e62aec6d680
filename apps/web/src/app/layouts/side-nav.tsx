import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { useSession } from '@/features/auth';
import { Icon } from '@/shared/ui/icon.tsx';
import { cn } from '@/shared/lib/cn.ts';
import { useDrawer } from '../drawer-store.ts';
import { HELP_NAV, MAIN_NAV, PLAYER_NAV } from './nav-items.ts';
import { NavList } from './nav-list.tsx';

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
