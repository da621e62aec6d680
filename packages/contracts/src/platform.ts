/**
 * Client platforms of the catalogue and of `POST /play` (wire contract: 1 mobile, 2 desktop). A module
 * of its own, without zod: the web home route needs this constant, not game.ts's schemas.
 */
export const Platform = { mobile: 1, desktop: 2 } as const;
export type Platform = (typeof Platform)[keyof typeof Platform];
