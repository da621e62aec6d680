import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { MessengerMessage } from '@casino/contracts';
import { LocaleLink } from '@/shared/i18n';
import { cn } from '@/shared/lib/cn.ts';

const DOT: Record<MessengerMessage['type'], string> = {
  default: 'bg-accent',
  success: 'bg-success',
  warn: 'bg-warn',
  error: 'bg-danger',
};

/** One message: its words are text (React escapes them), never HTML; a link goes only to a page of this site. */
export function MessageItem({ message, children }: { message: MessengerMessage; children?: React.ReactNode }) {
  const { i18n } = useTranslation();
  const unread = message.state === 1;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(message.createdAt),
  );
  const link = message.content.link;
  return (
    <article className={cn('rounded-xl px-3 py-2.5', unread ? 'bg-raised' : 'bg-transparent')}>
      <div className="flex items-start gap-2.5">
        <span
          aria-hidden="true"
          className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? DOT[message.type] : 'bg-line')}
        />
        <div className="min-w-0 flex-1">
          <h4 className={cn('text-sm text-fg', unread ? 'font-semibold' : 'font-medium')}>{message.content.title}</h4>
          <p className="mt-0.5 whitespace-pre-line break-words text-sm text-muted">{message.content.body}</p>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
            <time dateTime={message.createdAt}>{when}</time>
            {link && link.url.startsWith('/') && !link.url.startsWith('//') && (
              <LocaleLink to={link.url} className="font-semibold text-accent hover:underline">
                {link.label}
              </LocaleLink>
            )}
            {children}
          </div>
        </div>
      </div>
    </article>
  );
}
