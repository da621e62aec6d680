import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { useSession } from '@/features/auth';
import { LocaleNavLink } from '@/shared/i18n';
import { useModal } from '@/shared/modals/use-modal.ts';
import { Icon, type IconName } from '@/shared/ui/icon.tsx';
import { cn } from '@/shared/lib/cn.ts';
import { useDrawer } from '../drawer-store.ts';

const itemClass =
  'flex h-full flex-1 flex-col items-center justify-center gap-1 text-[11px] font-medium transition-colors';

/** `action`: a button that opens something (the wallet), drawn as an action so it never reads as a second current tab. */
function Item({ icon, label, action = false }: { icon: IconName; label: string; action?: boolean }) {
  return (
    <>
      {action ? (
        <span className="-my-1 grid size-8 place-items-center rounded-full bg-accent text-on-accent">
          <Icon name={icon} className="size-[18px]" />
        </span>
      ) : (
        <Icon name={icon} className="size-[22px]" />
      )}
      <span>{label}</span>
    </>
  );
}

/** Thumb-reach navigation on phones (below 768px). */
export function BottomNav() {
  const { t } = useTranslation();
  const status = useSession((s) => s.status);
  const { open } = useModal();
  const setDrawerOpen = useDrawer((s) => s.setOpen);
  return (
    <nav
      aria-label={t('nav.quick')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-surface pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="flex h-16 items-stretch">
        <li className="flex flex-1">
          <button type="button" className={cn(itemClass, 'text-muted')} onClick={() => setDrawerOpen(true)}>
            <Item icon="menu" label={t('nav.menu')} />
          </button>
        </li>
        <li className="flex flex-1">
          <LocaleNavLink
            to="/"
            end
            className={({ isActive }) => cn(itemClass, isActive ? 'text-accent' : 'text-muted')}
          >
            <Item icon="cards" label={t('nav.casino')} />
          </LocaleNavLink>
        </li>
        <li className="flex flex-1">
          <button type="button" className={cn(itemClass, 'text-muted')} onClick={() => open('search')}>
            <Item icon="search" label={t('search.short')} />
          </button>
        </li>
        <li className="flex flex-1">
          <LocaleNavLink
            to="/bonuses"
            className={({ isActive }) => cn(itemClass, isActive ? 'text-accent' : 'text-muted')}
          >
            <Item icon="gift" label={t('nav.bonuses')} />
          </LocaleNavLink>
        </li>
        <li className="flex flex-1">
          {status === 'player' ? (
            <button type="button" className={cn(itemClass, 'text-fg')} onClick={() => open('wallet', 'deposit')}>
              <Item icon="wallet" label={t('account.walletShort')} action />
            </button>
          ) : (
            <button
              type="button"
              className={cn(itemClass, 'text-muted')}
              onClick={() => open('sign-in')}
              disabled={status === 'unknown'}
            >
              <Item icon="user" label={t('account.signIn')} />
            </button>
          )}
        </li>
      </ul>
    </nav>
  );
}
