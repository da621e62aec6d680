import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { MessengerMessage } from '@casino/contracts';
import { Button } from '@/shared/ui/button.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { useDeleteMessages, useMarkAllRead, useMarkRead, useMessages, useUnreadCount } from './api.ts';
import { MessageItem } from './message-item.tsx';
import './i18n/index.ts';

const PER_PAGE = 10;

/** A message's actions: mark it read while it is unread, and delete it. */
function MessageActions(props: { message: MessengerMessage; onRead: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      {props.message.state === 1 && (
        <button type="button" className="font-semibold text-fg hover:underline" onClick={props.onRead}>
          {t('notifications.markRead')}
        </button>
      )}
      <button
        type="button"
        className="font-semibold text-danger hover:underline"
        aria-label={`${t('notifications.delete')}: ${props.message.content.title}`}
        onClick={props.onDelete}
      >
        {t('notifications.delete')}
      </button>
    </>
  );
}

/** The notifications tab: every message, a page at a time, to read and delete. */
export function NotificationsPanel() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useMessages(page, PER_PAGE);
  const unread = useUnreadCount(true).data ?? 0;
  const read = useMarkRead();
  const readAll = useMarkAllRead();
  const remove = useDeleteMessages();

  if (list.isPending) return <Spinner label={t('notifications.title')} />;
  if (list.isError)
    return (
      <p role="alert" className="text-sm text-muted">
        {t('notifications.loadFailed')}
      </p>
    );
  const { data, meta } = list.data;
  const pages = Math.max(1, meta.totalPages);
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-muted" aria-live="polite">
          {unread > 0 ? t('notifications.openUnread', { count: unread }) : t('notifications.noneUnread')}
        </p>
        <Button
          size="sm"
          variant="secondary"
          disabled={unread === 0}
          loading={readAll.isPending}
          onClick={() => readAll.mutate()}
        >
          {t('notifications.readAll')}
        </Button>
      </div>
      {data.length === 0 ? (
        <p className="rounded-2xl border border-line bg-surface p-6 text-center text-muted">
          {t('notifications.empty')}
        </p>
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface p-1.5">
          {data.map((message) => (
            <li key={message.id} className="py-1">
              <MessageItem message={message}>
                <MessageActions
                  message={message}
                  onRead={() => read.mutate([message.id])}
                  onDelete={() =>
                    remove.mutate([message.id], {
                      // The last one of a later page gone: show the page before.
                      onSuccess: () => data.length === 1 && page > 1 && setPage(page - 1),
                    })
                  }
                />
              </MessageItem>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label={t('notifications.title')} className="flex items-center justify-between gap-2">
          <Button size="sm" variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('notifications.previous')}
          </Button>
          <span className="text-sm text-muted">{t('notifications.page', { page, pages })}</span>
          <Button size="sm" variant="ghost" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('notifications.next')}
          </Button>
        </nav>
      )}
    </div>
  );
}
