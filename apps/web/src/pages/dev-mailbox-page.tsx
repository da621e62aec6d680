import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from '@/shared/router';
import type { MailboxEntry } from '@casino/contracts';
import { api, isApiError } from '@/shared/lib/http.ts';
import { usePageTitle } from '@/shared/lib/use-page-title.ts';
import { Button } from '@/shared/ui/button.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';

const URL_PATTERN = /(https?:\/\/[^\s]+)/g;

/** The text of a message with its links clickable, as React elements (no HTML is ever parsed). */
function MessageBody({ text }: { text: string }) {
  return (
    <p className="mt-3 whitespace-pre-wrap break-words text-sm text-fg">
      {text.split(URL_PATTERN).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} className="font-medium text-accent underline" rel="noreferrer">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}

/**
 * `/dev/mailbox` (development only): what the site sent an address or number when no SMTP server is
 * set — reset links, confirmation links, codes. In production the API behind it does not exist.
 */
export default function DevMailboxPage() {
  usePageTitle('Development mailbox');
  const [params, setParams] = useSearchParams();
  const to = params.get('to') ?? '';
  const messages = useQuery({
    queryKey: ['dev', 'mailbox', to],
    queryFn: ({ signal }) => api<MailboxEntry[]>('GET', '/api/dev/mailbox', { query: { to }, auth: false, signal }),
    enabled: to.length >= 3,
    refetchInterval: 3000,
  });

  return (
    <section className="w-full max-w-2xl rounded-3xl border border-line bg-surface p-6 sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight text-fg">Development mailbox</h1>
      <p className="mt-2 text-muted">
        Mail and SMS the site sent while no SMTP server is set. Not available in production.
      </p>
      <form
        className="mt-6 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const value = new FormData(event.currentTarget).get('to');
          setParams(typeof value === 'string' && value.trim() ? { to: value.trim() } : {});
        }}
      >
        <div className="min-w-60 flex-1">
          <TextField label="E-mail address or phone number" name="to" defaultValue={to} autoComplete="off" />
        </div>
        <Button type="submit">Open</Button>
      </form>
      <div aria-live="polite" className="mt-6 space-y-4">
        {messages.isError ? (
          <p role="alert" className="text-danger">
            {isApiError(messages.error) && messages.error.status === 404
              ? 'The development mailbox is off on this server.'
              : 'The mailbox could not be read.'}
          </p>
        ) : null}
        {messages.data?.length === 0 ? <p className="text-muted">No messages to {to} yet.</p> : null}
        {messages.data?.map((m) => (
          <article key={m.id} className="rounded-2xl border border-line bg-raised p-4" aria-label={m.subject}>
            <header className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="font-semibold text-fg">{m.subject}</h2>
              <time dateTime={m.createdAt} className="text-xs text-muted">
                {new Date(m.createdAt).toLocaleString()} · {m.channel}
              </time>
            </header>
            <MessageBody text={m.body} />
          </article>
        ))}
      </div>
    </section>
  );
}
