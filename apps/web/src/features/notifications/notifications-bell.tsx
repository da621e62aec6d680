import { useId } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { LocaleLink } from '@/shared/i18n';
import { usePageDisclosure } from '@/shared/lib/use-page-disclosure.ts';
import { Icon } from '@/shared/ui/icon.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { clearToasts } from '@/shared/ui/toast.ts';
import { useMarkAllRead, useMessages, useUnreadCount } from './api.ts';
import { MessageItem } from './message-item.tsx';
import './i18n/index.ts';

/** Spec point 9: the popover shows the 3 latest messages. */
export const POPOVER_SIZE = 3;

/**
 * The header's bell: the unread count as a badge, and a disclosure with the 3 latest messages,
 * "mark all as read" and a link to the notifications tab. Escape, an outside click and a page
 * change close it.
 */
export function NotificationsBell() {
  const { t } = useTranslation();
  const { open, setOpen, rootRef, buttonRef } = usePageDisclosure();
  const panelId = useId();
  const unread = useUnreadCount(true).data ?? 0;
  const latest = useMessages(1, POPOVER_SIZE, open);
  const readAll = useMarkAllRead();

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread > 0 ? t('notifications.openUnread', { count: unread }) : t('notifications.open')}
        onClick={() => {
          // The toasts say what the list now shows, and would lie over it.
          if (!open) clearToasts();
          setOpen(!open);
        }}
        className="relative grid size-10 place-items-center rounded-xl text-muted transition-colors hover:bg-raised hover:text-fg"
      >
        <Icon name="bell" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="unread-badge"
            className="absolute right-1 top-1 grid h-4 min-w-4 place-items-center rounded-full bg-danger px-1 text-[10px] font-bold leading-none text-on-danger"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <section
          id={panelId}
          aria-label={t('notifications.title')}
          className="animate-fade-in fixed inset-x-2 top-16 z-50 rounded-2xl border border-line bg-surface p-2 shadow-card sm:absolute sm:inset-x-auto sm:right-0 sm:top-12 sm:w-96"
        >
          <div className="flex items-center justify-between gap-2 px-2 pb-1.5 pt-1">
            <h3 className="text-sm font-semibold text-fg">{t('notifications.title')}</h3>
            {unread > 0 && (
              <button
                type="button"
                onClick={() => readAll.mutate()}
                disabled={readAll.isPending}
                className="rounded-lg px-2 py-1 text-xs font-semibold text-accent hover:bg-raised"
              >
                {t('notifications.readAll')}
              </button>
            )}
          </div>
          {latest.isPending ? (
            <Spinner label={t('notifications.title')} />
          ) : latest.isError ? (
            <p className="px-2 py-3 text-sm text-muted">{t('notifications.loadFailed')}</p>
          ) : latest.data.data.length === 0 ? (
            <p className="px-2 py-3 text-sm text-muted">{t('notifications.empty')}</p>
          ) : (
            <ul className="space-y-1">
              {latest.data.data.map((message) => (
                <li key={message.id}>
                  <MessageItem message={message} />
                </li>
              ))}
            </ul>
          )}
          <LocaleLink
            to="/profile/notifications"
            className="mt-1 block rounded-lg px-2 py-2 text-center text-sm font-semibold text-fg hover:bg-raised"
          >
            {t('notifications.all')}
          </LocaleLink>
        </section>
      )}
    </div>
  );
}
