import { useId } from 'react';
import { usePageDisclosure } from '@/shared/lib/use-page-disclosure.ts';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { logout, useSession } from '@/features/auth';
import { QuestsEntry } from '@/features/quests';
import { LocaleLink } from '@/shared/i18n';
import { useModal } from '@/shared/modals/use-modal.ts';
import { Icon, type IconName } from '@/shared/ui/icon.tsx';

const links: { to: string; label: string; icon: IconName }[] = [
  { to: '/profile/info', label: 'account.profile', icon: 'user' },
  { to: '/profile/bonuses', label: 'account.bonuses', icon: 'gift' },
  { to: '/profile/history', label: 'account.history', icon: 'clock' },
  { to: '/profile/limits', label: 'account.limits', icon: 'shield' },
];

/**
 * A disclosure (button + list of links), not an ARIA menu: plain links and Tab order are what
 * keyboard users expect here. Escape, an outside click and a page change close it.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const profile = useSession((s) => s.profile);
  const { open: openModal } = useModal();
  const { open, setOpen, rootRef, buttonRef } = usePageDisclosure();
  const listId = useId();

  const name = profile?.nickname || profile?.firstName || profile?.email || t('account.player');
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  const itemClass =
    'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm text-fg transition-colors hover:bg-raised';

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t('account.menu')}
        onClick={() => setOpen(!open)}
        className="grid size-10 place-items-center rounded-full border border-line bg-raised text-sm font-bold text-fg transition-colors hover:border-accent/70"
      >
        <span aria-hidden="true">{initial}</span>
      </button>
      {open && (
        <div
          id={listId}
          className="animate-fade-in absolute right-0 top-12 z-50 w-64 rounded-2xl border border-line bg-surface p-2 shadow-card"
        >
          <p className="truncate px-3 pb-2 pt-1.5 text-sm font-semibold text-fg">{name}</p>
          <ul className="border-t border-line pt-1.5">
            {links.map((link) => (
              <li key={link.to}>
                <LocaleLink to={link.to} className={itemClass}>
                  <Icon name={link.icon} className="text-muted" />
                  {t(link.label)}
                </LocaleLink>
              </li>
            ))}
            <li>
              <QuestsEntry className={itemClass} onOpen={() => setOpen(false)} />
            </li>
            <li>
              <button
                type="button"
                className={itemClass}
                onClick={() => {
                  setOpen(false);
                  openModal('wallet', 'deposit');
                }}
              >
                <Icon name="wallet" className="text-muted" />
                {t('account.wallet')}
              </button>
            </li>
            <li className="mt-1.5 border-t border-line pt-1.5">
              <button
                type="button"
                className={itemClass}
                onClick={() => {
                  setOpen(false);
                  void logout();
                }}
              >
                <Icon name="logout" className="text-muted" />
                {t('account.logout')}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
