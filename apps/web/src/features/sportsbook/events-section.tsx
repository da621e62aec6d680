import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { EventStage, sportsbookWidgetAnswerSchema, type SportsbookWidgetEvent } from '@casino/contracts';
import { LocaleLink, useLocale } from '@/shared/i18n';
import { PATH_PARAM } from './frame-messages.ts';
import './i18n/index.ts';

type Kind = 'top' | 'live';
type Source = { host: string; clientId: string };

/** How many events a section shows; the rest is one click away in the sportsbook. */
const SHOWN = 8;

/** `GET {host}/api/widgets/events?kind=&clientId=&locale=` (public, CORS), checked against the contract. */
export async function fetchWidgetEvents(
  { host, clientId }: Source,
  kind: Kind,
  locale: string,
  signal?: AbortSignal,
): Promise<SportsbookWidgetEvent[]> {
  const url = new URL(`${host.replace(/\/+$/, '')}/api/widgets/events`);
  url.search = new URLSearchParams({ kind, clientId, locale }).toString();
  const response = await fetch(url, { signal, credentials: 'omit' });
  if (!response.ok) throw new Error(`sportsbook events: ${response.status}`);
  return sportsbookWidgetAnswerSchema.parse(await response.json()).data;
}

function useWidgetEvents(source: Source, kind: Kind) {
  const locale = useLocale();
  return useQuery({
    queryKey: ['sportsbook', 'events', source.host, source.clientId, kind, locale],
    queryFn: ({ signal }) => fetchWidgetEvents(source, kind, locale, signal),
    staleTime: 30_000,
    // Live scores and clocks move; the top list changes slowly.
    refetchInterval: kind === 'live' ? 30_000 : false,
    retry: 1,
  });
}

/** Both home sections; each hides itself while loading, when empty and on error. */
export default function EventsSections(source: Source) {
  return (
    <div className="space-y-10">
      <EventsSection source={source} kind="live" />
      <EventsSection source={source} kind="top" />
    </div>
  );
}

export const eventPath = (path: string) => `/betting?${PATH_PARAM}=${encodeURIComponent(path)}`;

function EventsSection({ source, kind }: { source: Source; kind: Kind }) {
  const { t } = useTranslation();
  const events = useWidgetEvents(source, kind);
  const shown = (events.data ?? []).slice(0, SHOWN);
  if (shown.length === 0) return null;
  const titleId = `sportsbook-${kind}-events`;
  return (
    <section aria-labelledby={titleId}>
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 id={titleId} className="flex items-center gap-2 text-2xl font-bold tracking-tight text-fg">
          {kind === 'live' && <span className="size-2.5 animate-pulse rounded-full bg-danger" aria-hidden="true" />}
          {t(kind === 'live' ? 'sportsbook.events.live' : 'sportsbook.events.top')}
        </h2>
        <LocaleLink to="/betting" className="shrink-0 text-sm font-semibold text-accent hover:underline">
          {t('sportsbook.events.all')}
        </LocaleLink>
      </div>
      <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">
        {shown.map((event) => (
          <li key={event.id} className="w-[17.5rem] shrink-0 snap-start">
            <EventCard event={event} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Sports the page names in its own language (the provider's names are its own, English in the sandbox's). */
const NAMED_SPORTS: ReadonlySet<string> = new Set(['football', 'tennis', 'basketball', 'ice-hockey', 'esports']);

function EventCard({ event }: { event: SportsbookWidgetEvent }) {
  const { t } = useTranslation();
  const live = event.stage === EventStage.live;
  const sport = NAMED_SPORTS.has(event.sport) ? t(`sportsbook.sports.${event.sport}`) : event.discipline;
  // The main market: the match result with a draw (1 X 2), else the winner (1 2).
  const market =
    event.outcomes.length === 3
      ? t('sportsbook.events.result')
      : event.outcomes.length === 2
        ? t('sportsbook.events.winner')
        : event.market;
  // Odds in thousandths, shown as the client shows them: 1.85, 2.125.
  const odds = (thousandths: number) =>
    new Intl.NumberFormat(t('meta.intlLocale'), {
      minimumFractionDigits: 2,
      maximumFractionDigits: 3,
      useGrouping: false,
    }).format(thousandths / 1000);
  const starts = new Date(event.startsAt);
  const when = Number.isNaN(starts.getTime())
    ? ''
    : new Intl.DateTimeFormat(t('meta.intlLocale'), {
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
      }).format(starts);
  return (
    <LocaleLink
      to={eventPath(event.path)}
      className="flex h-full flex-col gap-3 rounded-2xl border border-line bg-surface p-4 transition-colors hover:border-accent/60"
    >
      <div className="flex items-center justify-between gap-2 text-xs text-muted">
        <span className="min-w-0 truncate">
          {sport} · {event.tournament}
        </span>
        {live ? (
          // The red is the dot's alone: red text on a tint fails contrast in the light theme.
          <span className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-raised px-2 py-0.5 font-semibold text-fg">
            <span className="size-1.5 rounded-full bg-danger" aria-hidden="true" />
            {t('sportsbook.events.liveBadge')}
            {event.clock && <span className="tabular-nums">· {event.clock}</span>}
          </span>
        ) : (
          <time dateTime={event.startsAt} className="shrink-0 tabular-nums">
            {when}
          </time>
        )}
      </div>
      <div className="space-y-1">
        {(['home', 'away'] as const).map((side) => (
          <p key={side} className="flex items-center justify-between gap-2 font-semibold text-fg">
            <span className="min-w-0 truncate">{event[side]}</span>
            {live && event.score && <span className="tabular-nums">{event.score[side]}</span>}
          </p>
        ))}
      </div>
      {event.outcomes.length > 0 && (
        <dl
          className="mt-auto grid gap-1.5"
          style={{ gridTemplateColumns: `repeat(${event.outcomes.length}, minmax(0, 1fr))` }}
          aria-label={market}
        >
          {event.outcomes.map((outcome) => (
            <div key={outcome.name} className="flex flex-col items-center rounded-lg bg-raised px-1 py-1.5">
              <dt className="text-xs text-muted">{outcome.name}</dt>
              <dd className="text-sm font-semibold tabular-nums text-fg">{odds(outcome.odds)}</dd>
            </div>
          ))}
        </dl>
      )}
    </LocaleLink>
  );
}
