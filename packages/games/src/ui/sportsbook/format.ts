/** Times and labels of events, in the page language. */
import type { EventSummary, Outcome } from '../../sportsbook/api.ts';
import { t } from './i18n.ts';

const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;

/** "Today 18:30", "Tomorrow 20:00", "Sat 12 Jul 15:00". */
export function startLabel(iso: string, localeTag: string, now = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const time = new Intl.DateTimeFormat(localeTag, { hour: '2-digit', minute: '2-digit' }).format(at);
  const tomorrow = new Date(now);
  tomorrow.setDate(now.getDate() + 1);
  if (dayKey(at) === dayKey(now)) return `${t('today')} ${time}`;
  if (dayKey(at) === dayKey(tomorrow)) return `${t('tomorrow')} ${time}`;
  const date = new Intl.DateTimeFormat(localeTag, { weekday: 'short', day: 'numeric', month: 'short' }).format(at);
  return `${date} ${time}`;
}

export const eventName = (e: Pick<EventSummary, 'home' | 'away'>) => `${e.home} – ${e.away}`;

/** The main market's short labels: 1 / X / 2 for the result, else the outcome's own name. */
export function shortOutcome(outcome: Outcome): string {
  if (outcome.id === 'home') return '1';
  if (outcome.id === 'draw') return 'X';
  if (outcome.id === 'away') return '2';
  return outcome.name;
}

export const isLive = (e: Pick<EventSummary, 'status'>) => e.status === 'live';
export const isOpen = (e: Pick<EventSummary, 'status'>) => e.status === 'scheduled' || e.status === 'live';
