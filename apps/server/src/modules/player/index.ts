/** Players: registration, login, sessions, profile, and what other modules may know of a player. */
export { playerModule } from './manifest.ts';
export { createSessionStates, SESSION_STATE_FRESH_MS } from './session-states.ts';
export {
  ensurePlayer,
  findPlayer,
  findPlayerBy,
  playerLabel,
  playerStatusIn,
  playerStatusOf,
  publicName,
  publicNames,
  type PlayerRef,
} from './lookup.ts';
export { issueAutologin } from './autologin.ts';
export type { IdTokenCheck } from './social.ts';
export type { ClosurePorts } from './closure.ts';
export { closePlayerSessions } from './passwords.ts';
export { emailPlayer, localeOf } from './mail.ts';
export { findPlayerIds, playerContacts } from './lookup.ts';
export { bonusConsent, playerHome } from './bonus-consent.ts';
export { playerFacts, type PlayerFacts } from './quest-facts.ts';
export { devicesSeenSince, sharedDevices, type SharedDevice } from './trusted-devices.ts';
export { identityMatches, type IdentityMatch } from './identity-facts.ts';
export { contactOf, namesPlayer, playerNaming, playerOf } from './command-naming.ts';
export { playerCountries, signUpsByDay } from './report-facts.ts';
