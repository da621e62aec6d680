/**
 * The sportsbook: the casino's record of sports tickets (each one a wallet round of the sportsbook's
 * pseudo-game, which the game module's wallet plays), the operator's risk rules the wallet enforces on
 * them (sql/sportsbook.sql), and the provider's catalogue those rules name.
 */
export { sportsbookModule } from './manifest.ts';
export {
  addRestriction,
  listRestrictions,
  readStakeRule,
  removeRestriction,
  restrictionsFor,
  seedStakeRule,
  setStakeRule,
  stakeLimitsIn,
  type StakeRule,
} from './risk.ts';
export { providerCatalogue, type CatalogueAnswer, type SportsbookCatalogue } from './provider-catalogue.ts';
export { ticketPage, type TicketItemRow, type TicketRow } from './tickets.ts';
