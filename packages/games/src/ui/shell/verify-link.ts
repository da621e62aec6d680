/** Links to the verify page and their parsing; the same names on both ends so a link always prefills. */
import type { EngineId } from '../../engines/types.ts';

export const VERIFY_PATH = '/sandbox/games/verify';

export type VerifyQuery = {
  engine: EngineId;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  /** Engine params the outcome depends on (dice target/over, slot bet …), as plain strings. */
  extra?: Record<string, string>;
  /** The game path to return to when the verifier had to open in the game's own frame. */
  back?: string;
};

const ENGINES: readonly EngineId[] = ['slot', 'roulette', 'dice', 'crash'];

export function verifyUrl(query: VerifyQuery): string {
  const params = new URLSearchParams({
    engine: query.engine,
    serverSeed: query.serverSeed,
    clientSeed: query.clientSeed,
    nonce: String(query.nonce),
  });
  for (const [key, value] of Object.entries(query.extra ?? {})) params.set(key, value);
  if (query.back) params.set('back', query.back);
  return `${VERIFY_PATH}?${params.toString()}`;
}

export function parseVerifyQuery(search: string): Partial<VerifyQuery> & { extra: Record<string, string> } {
  const params = new URLSearchParams(search);
  const engine = params.get('engine');
  const nonce = Number(params.get('nonce'));
  const back = params.get('back');
  const extra: Record<string, string> = {};
  for (const [key, value] of params)
    if (!['engine', 'serverSeed', 'clientSeed', 'nonce', 'back'].includes(key)) extra[key] = value;
  return {
    engine: ENGINES.includes(engine as EngineId) ? (engine as EngineId) : undefined,
    serverSeed: params.get('serverSeed') ?? undefined,
    clientSeed: params.get('clientSeed') ?? undefined,
    nonce: params.has('nonce') && Number.isSafeInteger(nonce) && nonce >= 0 ? nonce : undefined,
    // Only a game page of this provider: the parameter must never become an open redirect.
    back: back && /^\/sandbox\/games\/play\/[\w-]+$/.test(back) ? back : undefined,
    extra,
  };
}

/**
 * Opens the verifier in a new tab. The casino's iframe may not allow popups; then the verifier opens
 * in the game frame itself with a way back, rather than the click doing nothing.
 */
export function openVerifier(url: string): void {
  const tab = window.open(url, '_blank');
  if (tab) {
    try {
      tab.opener = null;
    } catch {
      // cross-origin proxies may refuse the write; the page never uses opener anyway
    }
    return;
  }
  const sep = url.includes('?') ? '&' : '?';
  window.location.assign(`${url}${sep}back=${encodeURIComponent(window.location.pathname)}`);
}
