/**
 * The one HTTP helper for the API: same origin (empty base URL), JSON, no cookies (but the device
 * cookie of sign-in and sign-up calls), no retries, bracket-style arrays in the query, bearer token
 * refreshed within 10 s of expiry.
 */
import { DEFAULT_LOCALE, type ErrorEnvelope, type PageMeta } from '@casino/contracts';
import { localeOfPath } from '@/shared/i18n/locale-path.ts';
import { navigateTo } from '@/shared/lib/navigation.ts';
import { noteSessionEnd, type SessionEnd } from './session-end.ts';
import { clearSession, getFreshToken, hasSession, type TokenGrant } from './token.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Scalar = string | number | boolean | null | undefined;
export type QueryValue = Scalar | readonly Scalar[];
export type Query = Record<string, QueryValue>;

export type ApiOptions = {
  query?: Query;
  body?: unknown;
  /** false for calls that must not carry the session token (login, registration). Default true. */
  auth?: boolean;
  /**
   * Sign-in and sign-up: the call sends and keeps the browser's device cookie (HttpOnly, set by the
   * server), which lets a browser the player signed in from before through a pause of their account.
   */
  device?: boolean;
  /**
   * On 401 (and a 403 that is not a domain refusal) the session is over: the user is sent home with
   * the sign-in modal.
   * Boot-time probes turn that off and treat the failure as "logged out" quietly.
   */
  redirectOnAuthError?: boolean;
  signal?: AbortSignal;
};

export type FieldErrors = Record<string, string[]>;
type EnvelopeError = ErrorEnvelope['error'];
/** What some refusals say besides their code: which cause of several, the deposit limit that refused. */
export type ErrorDetails = Pick<EnvelopeError, 'reason' | 'limit' | 'open' | 'challenge'>;

/** An API failure: HTTP status (0 = network), the envelope's code and message, and per-field errors on 422. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: number;
  readonly fields: FieldErrors;
  /** A refusal that lasts until a moment (an exclusion's end, ISO); null: for good; undefined: not said. */
  readonly until: string | null | undefined;
  /** Which cause of several: the exclusion's kind (11007), why the session ended (16003). */
  readonly reason: EnvelopeError['reason'];
  /** The deposit limit that refused (13100). */
  readonly limit: EnvelopeError['limit'];
  /** A closure refused (409): what is still open on the account. */
  readonly open: EnvelopeError['open'];
  /** A paused sign-in's way through (11010): sent back with the code the account's owner was sent. */
  readonly challenge: string | undefined;
  constructor(
    status: number,
    code: number,
    message: string,
    fields: FieldErrors = {},
    until?: string | null,
    details: ErrorDetails = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.until = until;
    this.reason = details.reason;
    this.limit = details.limit;
    this.open = details.open;
    this.challenge = details.challenge;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** `{ status: [1, 2], page: 1 }` → `status[]=1&status[]=2&page=1`; empty values are left out. */
export function serializeQuery(query: Query = {}): string {
  const parts: string[] = [];
  const add = (key: string, value: Scalar) => {
    if (value === undefined || value === null) return;
    // Brackets stay literal (`status[]=1`), as the API's other clients send them.
    const name = encodeURIComponent(key).replace(/%5B/gi, '[').replace(/%5D/gi, ']');
    parts.push(`${name}=${encodeURIComponent(typeof value === 'boolean' ? (value ? '1' : '0') : String(value))}`);
  };
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value as readonly Scalar[]) add(`${key}[]`, item);
    else add(key, value as Scalar);
  }
  return parts.join('&');
}

/** The home path in the locale of the current URL: `/?sign-in`, `/de/?sign-in`. */
export function localisedHomePath(search = ''): string {
  const locale = localeOfPath(window.location.pathname);
  return `${locale === DEFAULT_LOCALE ? '' : `/${locale}`}/${search}`;
}

async function send(method: HttpMethod, path: string, options: ApiOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const search = serializeQuery(options.query);
  try {
    return await fetch(search ? `${path}?${search}` : path, {
      method,
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      credentials: options.device ? 'same-origin' : 'omit',
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 0, 'Network error');
  }
}

async function readError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as {
      error?: {
        code?: unknown;
        message?: unknown;
        fields?: unknown;
        until?: unknown;
        reason?: unknown;
        limit?: unknown;
        open?: unknown;
        challenge?: unknown;
      };
    };
    const error = body.error ?? {};
    const limit = error.limit as Partial<NonNullable<EnvelopeError['limit']>> | undefined;
    const open = error.open as Partial<Record<keyof NonNullable<EnvelopeError['open']>, unknown>> | undefined;
    return new ApiError(
      response.status,
      typeof error.code === 'number' ? error.code : response.status,
      typeof error.message === 'string' ? error.message : response.statusText,
      error.fields && typeof error.fields === 'object' ? (error.fields as FieldErrors) : {},
      typeof error.until === 'string' || error.until === null ? error.until : undefined,
      {
        // Read as sent: an unknown reason is shown as no reason (the words have a general case).
        reason: typeof error.reason === 'string' ? (error.reason as EnvelopeError['reason']) : undefined,
        limit:
          limit &&
          typeof limit.left === 'number' &&
          typeof limit.currency === 'string' &&
          typeof limit.period === 'string'
            ? (limit as NonNullable<EnvelopeError['limit']>)
            : undefined,
        open:
          open && typeof open === 'object' && Object.values(open).every((n) => typeof n === 'number')
            ? {
                sportsBets: Number(open.sportsBets ?? 0),
                casinoRounds: Number(open.casinoRounds ?? 0),
                deposits: Number(open.deposits ?? 0),
                withdrawals: Number(open.withdrawals ?? 0),
              }
            : undefined,
        challenge: typeof error.challenge === 'string' ? error.challenge : undefined,
      },
    );
  } catch {
    return new ApiError(response.status, response.status, response.statusText);
  }
}

async function readData<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const body = (await response.json()) as { data: T };
  return body.data;
}

/**
 * Whether a refusal means the session is over. 401 always; 403 only without a domain code or for a
 * blocked account: a 403 that explains itself (a game limit, a country rule) is an answer, not a logout.
 */
function endsSession(error: ApiError): boolean {
  if (error.status === 401) return true;
  return error.status === 403 && (error.code === 403 || error.code === ACCOUNT_BLOCKED);
}
const ACCOUNT_BLOCKED = 11002;

/**
 * Server refusal (401/403/…) → null: the session is over. Trouble that says nothing about the
 * session (network, 429, 5xx) → throws: this call fails, the session stays for the next try.
 */
async function postRefresh(staleToken: string): Promise<TokenGrant | null> {
  const response = await send('POST', '/api/player/sessions/refresh', {}, staleToken);
  if (response.status === 429 || response.status >= 500) throw await readError(response);
  if (!response.ok) {
    noteSessionEnd(endReasonOf(await readError(response)));
    return null;
  }
  return readData<TokenGrant>(response);
}

const SESSION_END_REASONS: readonly string[] = [
  'closed_by_player',
  'password_changed',
  'password_reset',
  'excluded',
  'blocked',
  'expired',
] satisfies SessionEnd[];
/** What the sign-in dialog will say of a refusal that ended the session. */
const endReasonOf = (error: ApiError): SessionEnd =>
  error.code === ACCOUNT_BLOCKED
    ? 'blocked'
    : error.reason && SESSION_END_REASONS.includes(error.reason)
      ? (error.reason as SessionEnd)
      : 'unknown';

/**
 * The current access token, refreshed first when it is about to expire; null for a guest or when
 * the refresh was refused. `refused`: a token the push hub rejected as expired (error 109).
 */
export function getAccessToken(refused: string | null = null): Promise<string | null> {
  return getFreshToken(postRefresh, refused);
}

/** Set while this tab ends its own session on the server (closing the account): a refusal then asks nothing. */
let endingHere = false;

/** Call before a request that ends this tab's session on the server; the answer undoes it on failure. */
export function endingSessionHere(): () => void {
  endingHere = true;
  return () => {
    endingHere = false;
  };
}

function endSessionAndAskToSignIn(options: ApiOptions, error?: ApiError) {
  if (endingHere) return;
  if (error) noteSessionEnd(endReasonOf(error));
  clearSession();
  if (options.redirectOnAuthError !== false) navigateTo(localisedHomePath('?sign-in'));
}

/** A call answered with `{ data }`: resolves to `data`. */
export async function api<T>(method: HttpMethod, path: string, options: ApiOptions = {}): Promise<T> {
  const response = await call(method, path, options);
  return readData<T>(response);
}

/** A call whose whole body is the answer (no `{ data }` envelope, as the identity provider's token). */
export async function apiBare<T>(method: HttpMethod, path: string, options: ApiOptions = {}): Promise<T> {
  const response = await call(method, path, options);
  return (await response.json()) as T;
}

export type Page<T> = { data: T[]; meta: PageMeta };

/** A paginated call answered with `{ data, meta }`. */
export const apiPage = <T>(path: string, options: ApiOptions = {}): Promise<Page<T>> =>
  apiBare<Page<T>>('GET', path, options);

async function call(method: HttpMethod, path: string, options: ApiOptions): Promise<Response> {
  const useAuth = options.auth !== false;
  let token: string | null = null;
  if (useAuth && hasSession()) {
    token = await getAccessToken();
    if (!token) {
      // The refresh was refused: the session ended, so this call cannot succeed either.
      endSessionAndAskToSignIn(options);
      throw new ApiError(401, 401, 'Session expired');
    }
  }
  const response = await send(method, path, options, token);
  if (response.ok) return response;
  const error = await readError(response);
  // A call that was under way when this tab ended its session itself (an exclusion) asks nothing.
  const endedHere = token !== null && !hasSession();
  if (useAuth && endsSession(error) && !endedHere) endSessionAndAskToSignIn(options, error);
  throw error;
}
