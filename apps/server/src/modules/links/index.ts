/**
 * Linked accounts, the operator's duplicate-account signal: players who share a browser, a payment
 * instrument or a verified identity. Other modules report what they see (the payment module its
 * instruments); the bonus module asks who one person is.
 */
export {
  instrumentsSeenSince,
  linkedPlayers,
  noteInstrument,
  personOf,
  playersByInstrument,
  type Instrument,
  type LinkedPlayer,
  type LinkKind,
  type LinkReason,
} from './service.ts';
export { linksModule } from './manifest.ts';
