/**
 * The client of the sandbox sportsbook provider's API (`/sandbox/sportsbook/api`, shapes in
 * src/sportsbook/api.ts). Every call but `GET /events*` carries the session token as a bearer.
 */
import type {
  ClientSession,
  EventDetail,
  EventSummary,
  PlaceTicketInput,
  SelectionInput,
  SportId,
  SportSummary,
  Ticket,
} from '../../sportsbook/api.ts';

export const SPORTSBOOK_API = '/sandbox/sportsbook/api';

/** A refusal (or no answer: status 0), with the details the slip and cash-out need. */
export class SportsbookError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
    readonly details: {
      walletCode?: number;
      selections?: (SelectionInput & { suspended: boolean })[];
      cashOut?: number | null;
      /** Above a maximum (14311): what may still be staked, and which maximum binds. */
      maxBet?: number;
      limit?: 'bet' | 'event';
      /** Restricted (14306): a sport or an event, and which. */
      reason?: 'sport' | 'event';
      ref?: string;
    } = {},
  ) {
    super(message);
    this.name = 'SportsbookError';
  }
}

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export class SportsbookApi {
  constructor(
    readonly token: string,
    private readonly fetcher: FetchLike = (input, init) => fetch(input, init),
    readonly base = SPORTSBOOK_API,
  ) {}

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, auth = true): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (auth) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await this.fetcher(`${this.base}${path}`, {
        method,
        credentials: 'omit',
        cache: 'no-store',
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
    } catch {
      throw new SportsbookError(0, 'network', 'network');
    }
    const data = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!response.ok) {
      const error = (data?.error ?? {}) as Record<string, unknown>;
      const details: SportsbookError['details'] = {};
      if (typeof error.walletCode === 'number') details.walletCode = error.walletCode;
      if (Array.isArray(error.selections)) details.selections = error.selections as never;
      if ('cashOut' in error) details.cashOut = typeof error.cashOut === 'number' ? error.cashOut : null;
      if (Number.isSafeInteger(error.maxBet) && (error.maxBet as number) >= 0) details.maxBet = error.maxBet as number;
      if (error.limit === 'bet' || error.limit === 'event') details.limit = error.limit;
      if (error.reason === 'sport' || error.reason === 'event') details.reason = error.reason;
      if (typeof error.ref === 'string' && error.ref.length <= 100) details.ref = error.ref;
      return Promise.reject(
        new SportsbookError(
          response.status,
          typeof error.code === 'string' ? error.code : null,
          typeof error.message === 'string' ? error.message : response.statusText,
          details,
        ),
      );
    }
    return data as T;
  }

  session(): Promise<ClientSession> {
    return this.call('GET', '/session');
  }

  sports(): Promise<SportSummary[]> {
    return this.call('GET', '/sports');
  }

  events(filter: { sport?: SportId; league?: string; live?: boolean } = {}): Promise<EventSummary[]> {
    const query = new URLSearchParams();
    if (filter.sport) query.set('sport', filter.sport);
    if (filter.league) query.set('league', filter.league);
    if (filter.live) query.set('live', '1');
    const qs = query.toString();
    return this.call('GET', `/events${qs ? `?${qs}` : ''}`, undefined, false);
  }

  event(id: string): Promise<EventDetail> {
    return this.call('GET', `/events/${encodeURIComponent(id)}`, undefined, false);
  }

  placeTicket(input: PlaceTicketInput): Promise<Ticket> {
    return this.call('POST', '/tickets', input);
  }

  tickets(status: 'open' | 'settled'): Promise<Ticket[]> {
    return this.call('GET', `/tickets?status=${status}`);
  }

  cashOut(ticketId: string, price: number): Promise<Ticket> {
    return this.call('POST', `/tickets/${encodeURIComponent(ticketId)}/cash-out`, { price });
  }
}
