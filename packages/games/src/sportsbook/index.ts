/** The sandbox sportsbook: its client API (api.ts), its fictional world (catalogue.ts) and its pure model (model.ts). */
export type * from './api.ts';
export * from './catalogue.ts';
export * from './model.ts';
