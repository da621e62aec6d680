/**
 * A tournament's state: 2 upcoming, 3 running, 4 finished (prizes paid), 5 cancelled. A module of its
 * own, without zod: the home page's tournaments strip needs this constant, not tournaments.ts's schemas.
 */
export const TournamentState = { upcoming: 2, running: 3, finished: 4, cancelled: 5 } as const;
export type TournamentState = (typeof TournamentState)[keyof typeof TournamentState];
