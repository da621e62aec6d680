import { ErrorCode } from '@casino/contracts';
import { forbidden } from '../../../lib/errors.ts';

/** The refusals a launch and a bet share (the wallet's calls make them too). */
export const gameDisabled = () => forbidden('Bets on this game are closed for now', ErrorCode.restrictedBets);
export const gameRestrictedInCountry = () =>
  forbidden('This game is not available in your country', ErrorCode.gameRestrictedInCountry);
