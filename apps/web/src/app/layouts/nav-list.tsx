import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { LocaleNavLink } from '@/shared/i18n';
import { Icon } from '@/shared/ui/icon.tsx';
import { cn } from '@/shared/lib/cn.ts';
import { useFeatureItems } from '@/shared/lib/player-init.ts';
import type { NavItem } from './nav-items.ts';

/** A vertical list of section links; `compact` shows icons only, keeping the names for screen readers. */
export function NavList({ items, compact = false }: { items: NavItem[]; compact?: boolean }) {
  const { t } = useTranslation();
  const visible = useFeatureItems(items);
  return (
    <ul className="flex flex-col gap-1">
      {visible.map((item) => (
        <li key={item.to}>
          <LocaleNavLink
            to={item.to}
            end={item.end ?? false}
            title={compact ? t(item.label) : undefined}
            className={({ isActive }) =>
              cn(
                'flex h-11 items-center gap-3 rounded-xl px-3 text-sm font-medium transition-colors',
                compact && 'justify-center px-0',
                isActive ? 'bg-accent/12 text-accent' : 'text-muted hover:bg-raised hover:text-fg',
              )
            }
          >
            <Icon name={item.icon} />
            <span className={cn(compact && 'sr-only')}>{t(item.label)}</span>
          </LocaleNavLink>
        </li>
      ))}
    </ul>
  );
}
