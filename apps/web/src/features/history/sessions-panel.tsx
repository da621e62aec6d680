import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { PlayerSession } from '@casino/contracts';
import { useDisplayNames } from '@/shared/lib/display-names.ts';
import { cn } from '@/shared/lib/cn.ts';
import { Button } from '@/shared/ui/button.tsx';
import { toast } from '@/shared/ui/toast.ts';
import { useCloseSession, useSessions } from './api/get-sessions.ts';
import { ListState, useDate } from './list-state.tsx';

/** One session: its device and browser, address and country, when it started and was last active. */
function SessionCard({ session, ending, onEnd }: { session: PlayerSession; ending: boolean; onEnd: () => void }) {
  const { t } = useTranslation();
  const names = useDisplayNames();
  const when = useDate();
  const open = session.closedAt === null;
  const device = t(`history.sessions.device.${session.deviceType}`, {
    defaultValue: t('history.sessions.device.unknown'),
  });
  return (
    <li className="rounded-2xl border border-line bg-surface p-4">
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-semibold text-fg">{session.client ?? device}</h3>
        <span
          className={cn(
            'shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold',
            session.current
              ? 'bg-accent/15 text-accent-strong'
              : open
                ? 'bg-warn/15 text-warn'
                : 'bg-raised text-muted',
          )}
        >
          {t(session.current ? 'history.sessions.current' : open ? 'history.sessions.open' : 'history.sessions.closed')}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t('history.sessions.deviceLabel')}</dt>
        <dd className="text-fg">{device}</dd>
        <dt className="text-muted">{t('history.sessions.place')}</dt>
        <dd className="text-fg">
          {[session.ip, session.country ? names.country({ code: session.country, name: session.country }) : null]
            .filter(Boolean)
            .join(' · ') || '—'}
        </dd>
        <dt className="text-muted">{t('history.sessions.started')}</dt>
        <dd className="text-fg">{when(session.createdAt)}</dd>
        <dt className="text-muted">{t(open ? 'history.sessions.lastActive' : 'history.sessions.endedAt')}</dt>
        <dd className="text-fg">
          {/* This device is the one in use: its last refresh may be minutes old. */}
          {session.current && open ? t('history.sessions.activeNow') : when(session.closedAt ?? session.lastActiveAt)}
        </dd>
      </dl>
      {open && !session.current && (
        <Button size="sm" variant="secondary" className="mt-3" loading={ending} onClick={onEnd}>
          {t('history.sessions.end')} <span className="sr-only">{session.client ?? device}</span>
        </Button>
      )}
    </li>
  );
}

/**
 * Where the player is signed in: one card per session (device, browser, address, country, when it
 * started and was last active). An open session on another device can be ended from here.
 */
export function SessionsPanel({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const sessions = useSessions(page);
  const closeSession = useCloseSession();

  const end = (session: PlayerSession) =>
    closeSession.mutate(session.id, {
      onSuccess: () => toast({ type: 'success', title: t('history.sessions.ended') }),
      onError: (error) => toast({ type: 'error', title: t('history.sessions.endFailed'), description: error.message }),
    });

  return (
    <ListState query={sessions} empty="" onPage={onPage}>
      <ul className="grid gap-3 sm:grid-cols-2" aria-label={t('history.sessions.caption')}>
        {(sessions.data?.data ?? []).map((session) => (
          <SessionCard
            key={session.id}
            session={session}
            ending={closeSession.isPending && closeSession.variables === session.id}
            onEnd={() => end(session)}
          />
        ))}
      </ul>
    </ListState>
  );
}
