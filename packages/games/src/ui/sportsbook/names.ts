/**
 * Sports, markets and outcomes named in the page's language. The provider names them in English; the
 * client knows them by their ids (a sport's slug, a market's `result` / `total-<line>` /
 * `handicap-<side>-<line>` / `btts`, an outcome's `home` / `draw` / `away` / `over` / `under` / `yes` /
 * `no`) and says them itself; anything it does not know keeps the provider's name. Lines follow the
 * page's number format (2.5, de 2,5).
 */
import type { SportId } from '../../sportsbook/api.ts';
import { t, type MessageKey } from './i18n.ts';

const SPORT_KEYS: Record<SportId, MessageKey> = {
  football: 'sportFootball',
  tennis: 'sportTennis',
  basketball: 'sportBasketball',
  'ice-hockey': 'sportIceHockey',
  esports: 'sportEsports',
};

/** What a total counts, per sport (as the provider's model: goals, points, sets, maps). */
const UNIT_KEYS: Record<SportId, MessageKey> = {
  football: 'unitGoals',
  tennis: 'unitSets',
  basketball: 'unitPoints',
  'ice-hockey': 'unitGoals',
  esports: 'unitMaps',
};

/** Sports where a draw is a result (1X2): their result market is the match result, the others' the winner. */
const DRAWS: ReadonlySet<string> = new Set<SportId>(['football', 'ice-hockey']);

const isSport = (sport: string): sport is SportId => sport in SPORT_KEYS;

export function sportName(sport: string, fallback = sport): string {
  return isSport(sport) ? t(SPORT_KEYS[sport]) : fallback;
}

function line(text: string, locale: string): string {
  const value = Number(text);
  if (!Number.isFinite(value)) return text;
  try {
    return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  } catch {
    return text;
  }
}

type Teams = { sport: string; home: string; away: string };

const TOTAL = /^total-(\d{1,4}(?:\.\d)?)$/;
const HANDICAP = /^handicap-(home|away)-(\d{1,4}(?:\.\d)?)$/;

export function marketName(market: { id: string; name: string }, event: Teams, locale: string): string {
  if (market.id === 'result') return t(DRAWS.has(event.sport) ? 'marketResult' : 'marketWinner');
  if (market.id === 'btts') return t('marketBtts');
  const total = TOTAL.exec(market.id);
  if (total && isSport(event.sport))
    return t('marketTotal', { unit: t(UNIT_KEYS[event.sport]), line: line(total[1]!, locale) });
  const handicap = HANDICAP.exec(market.id);
  if (handicap)
    return t('marketHandicap', {
      team: handicap[1] === 'home' ? event.home : event.away,
      line: `−${line(handicap[2]!, locale)}`,
    });
  return market.name;
}

export function outcomeName(
  marketId: string,
  outcome: { id: string; name: string },
  event: Teams,
  locale: string,
): string {
  const team = outcome.id === 'home' ? event.home : outcome.id === 'away' ? event.away : null;
  if (marketId === 'result') return outcome.id === 'draw' ? t('draw') : (team ?? outcome.name);
  if (marketId === 'btts') return outcome.id === 'yes' ? t('yes') : outcome.id === 'no' ? t('no') : outcome.name;
  const total = TOTAL.exec(marketId);
  if (total && (outcome.id === 'over' || outcome.id === 'under'))
    return t(outcome.id, { line: line(total[1]!, locale) });
  const handicap = HANDICAP.exec(marketId);
  if (handicap && team) {
    const favourite = outcome.id === handicap[1];
    return `${team} ${favourite ? '−' : '+'}${line(handicap[2]!, locale)}`;
  }
  return outcome.name;
}
