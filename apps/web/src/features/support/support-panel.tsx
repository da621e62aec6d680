import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { Channel, PushEvent, supportMessageSchema, type SupportMessage } from '@casino/contracts';
import { z } from 'zod';
import { useSession } from '@/features/auth';
import { api } from '@/shared/lib/http.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { subscribeChannel } from '@/shared/lib/socket.ts';
import { useSubscription } from '@/shared/lib/use-subscription.ts';
import { cn } from '@/shared/lib/cn.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Icon } from '@/shared/ui/icon.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { ContactForm } from './contact-form.tsx';
import './i18n/index.ts';

const historyKey = ['support', 'messages'] as const;
const pushSchema = z.object({ event: z.literal(PushEvent.supportMessage), message: supportMessageSchema });

/** Adds a line once (the push and the POST answer both bring the player's own). */
const addLine = (line: SupportMessage) =>
  queryClient.setQueryData<SupportMessage[]>(historyKey, (list = []) =>
    list.some((m) => m.id === line.id) ? list : [...list, line],
  );

/** The built-in support panel: live chat for a player, the contact form for a guest. Escape closes it. */
export default function SupportPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const player = useSession((s) => s.profile);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <section
      aria-labelledby="support-title"
      className="animate-fade-in fixed inset-x-2 bottom-20 top-20 z-50 flex flex-col rounded-2xl border border-line bg-surface shadow-card sm:inset-x-auto sm:bottom-6 sm:right-6 sm:top-auto sm:h-[36rem] sm:max-h-[calc(100vh-7rem)] sm:w-[24rem]"
    >
      <header className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
        <h2 id="support-title" ref={headingRef} tabIndex={-1} className="font-semibold text-fg outline-none">
          {t('support.title')}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('support.close')}
          className="grid size-9 place-items-center rounded-lg text-muted hover:bg-raised hover:text-fg"
        >
          <Icon name="close" />
        </button>
      </header>
      {player ? (
        <LiveChat playerId={player.id} />
      ) : (
        <div className="flex-1 overflow-y-auto p-4">
          <p className="mb-4 text-sm text-muted">{t('support.guest')}</p>
          <ContactForm headingLevel={3} />
        </div>
      )}
    </section>
  );
}

/** One line of the chat: the player's on the right, the agent's on the left, each with its time. */
function ChatLine({ line, time }: { line: SupportMessage; time: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  return (
    <li className={cn('flex', line.author === 'player' ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3 py-2 text-sm',
          line.author === 'player' ? 'bg-accent text-on-accent' : 'bg-raised text-fg',
        )}
      >
        <span className="sr-only">{line.author === 'player' ? t('support.chat.you') : t('support.chat.agent')}: </span>
        <p className="whitespace-pre-line break-words">{line.text}</p>
        <time dateTime={line.createdAt} className="mt-0.5 block text-right text-[11px] opacity-75">
          {time.format(new Date(line.createdAt))}
        </time>
      </div>
    </li>
  );
}

/** The player's message box: Enter sends, Shift+Enter breaks the line. */
function ChatComposer() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setSending(true);
    setFailed(false);
    try {
      addLine(await api<SupportMessage>('POST', '/api/notification/support/messages', { body: { text } }));
      setText('');
    } catch {
      setFailed(true);
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={send} className="border-t border-line p-3">
      {failed && (
        <p role="alert" className="mb-2 text-sm text-danger">
          {t('support.chat.failed')}
        </p>
      )}
      <div className="flex items-end gap-2">
        <label htmlFor="support-input" className="sr-only">
          {t('support.chat.input')}
        </label>
        <textarea
          id="support-input"
          rows={1}
          maxLength={2000}
          value={text}
          placeholder={t('support.chat.input')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
          className="max-h-32 min-h-11 flex-1 resize-none rounded-xl border border-line bg-page px-3 py-2.5 text-sm text-fg focus-visible:border-accent"
        />
        <Button type="submit" loading={sending} disabled={!text.trim()}>
          {t('support.chat.send')}
        </Button>
      </div>
    </form>
  );
}

/** The player's chat with support: the history, kept up to date by push, and the message box. */
function LiveChat({ playerId }: { playerId: string }) {
  const { t, i18n } = useTranslation();
  const history = useQuery({
    queryKey: historyKey,
    queryFn: ({ signal }) => api<SupportMessage[]>('GET', '/api/notification/support/messages', { signal }),
  });
  useSubscription(playerId, () =>
    subscribeChannel(Channel.support(playerId), {
      onPublication: (data) => {
        const push = pushSchema.safeParse(data);
        if (push.success) addLine(push.data.message);
      },
    }),
  );
  const endRef = useRef<HTMLDivElement>(null);
  const lines = history.data ?? [];
  const count = lines.length;
  useEffect(() => {
    if (count > 0) endRef.current?.scrollIntoView({ block: 'end' });
  }, [count]);
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' });

  return (
    <>
      <div className="flex-1 overflow-y-auto px-4 py-3" aria-live="polite" aria-relevant="additions">
        <p className="mb-3 text-xs text-muted">{t('support.chat.intro')}</p>
        {history.isPending && <Spinner label={t('support.title')} />}
        {history.isError && <p className="text-sm text-danger">{t('support.chat.loadFailed')}</p>}
        {history.isSuccess && lines.length === 0 && <p className="text-sm text-muted">{t('support.chat.empty')}</p>}
        <ol className="space-y-2">
          {lines.map((line) => (
            <ChatLine key={line.id} line={line} time={time} />
          ))}
        </ol>
        <div ref={endRef} />
      </div>
      <ChatComposer />
    </>
  );
}
