/** What the sportsbook risk screen reads (amounts in major units, as strings). */
export type Limits = {
  currency: string;
  maxBet: string | null;
  maxEvent: string | null;
  perCurrency: { currency: string; maxBet: string | null; maxEvent: string | null }[];
};
export type Restriction = { country: string; kind: 'sport' | 'event'; ref: string };
export type Exposure = {
  eventId: string;
  event: string;
  sport: string;
  tournament: string;
  eventDate: string;
  started: boolean;
  tickets: number;
  currency: string;
  stake: string;
  payout: string;
  unpriced: boolean;
};
export type SportEvent = {
  id: string;
  sport: string;
  league: string;
  home: string;
  away: string;
  startsAt: string;
  endsAt: string;
  status: 'scheduled' | 'live' | 'ended' | 'settled' | 'void';
  score: { home: number; away: number } | null;
  clock: string | null;
};
export type Events = { simulatedAt: string; speed: number; events: SportEvent[] };

export const when = (iso: string) => new Date(iso).toLocaleString();
