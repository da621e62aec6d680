/** The modal registry: every modal name with who may open it (guests, anyone, players). */
export type ModalAccess = 'guest' | 'any' | 'player';

export const MODALS = {
  'sign-in': 'guest',
  'forgot-pass': 'guest',
  'reset-pass': 'guest',
  'sign-up': 'guest',

  search: 'any',
  'sign-up-cancel': 'any',
  'cancel-deposit': 'any',
  'profile-confirmed': 'any',
  'mobile-game': 'any',
  'loyalty-earn': 'any',
  'demo-game': 'any',
  categories: 'any',
  providers: 'any',
  'geo-restricted-game': 'any',
  success: 'any',

  wallet: 'player',
  'deposit-error': 'player',
  'deposit-success': 'player',
  'deposit-pending': 'player',
  'deposit-redirect': 'player',
  'equivalent-currency': 'player',
  'wallet-region': 'player',
  'quests-hub': 'player',
  'quest-rewards': 'player',
  'quest-tasks': 'player',
  'quest-task-games': 'player',
  'wallet-bonus-info': 'player',
  'loyalty-level': 'player',
  'turn-over-wager': 'player',
  'add-cash-limit': 'player',
  'edit-cash-limit': 'player',
  'game-limit-reached': 'player',
  'self-exclusion-limit': 'player',
  'bonus-cancel-lock': 'player',
  'bonus-confirm-action': 'player',
  'change-active-bonus': 'player',
  'cancel-active-bonus': 'player',
  'cancel-issued-bonus': 'player',
  'cancel-unsettled-bonus': 'player',
  'package-bonus': 'player',
  'bonus-details': 'player',
  'freespins-activate': 'player',
  'freespins-cancel': 'player',
  'max-bets': 'player',
  'restricted-bets': 'player',
} as const satisfies Record<string, ModalAccess>;

export type ModalName = keyof typeof MODALS;
export const MODAL_NAMES = Object.keys(MODALS) as ModalName[];
export const isModalName = (key: string): key is ModalName => Object.hasOwn(MODALS, key);

export function canOpenModal(name: ModalName, isPlayer: boolean): boolean {
  const access = MODALS[name];
  return access === 'any' || (access === 'player') === isPlayer;
}

/** Modals stack: base z-index 1000, plus 2 per level. */
export const MODAL_BASE_Z_INDEX = 1000;
export const modalZIndex = (level: number) => MODAL_BASE_Z_INDEX + 2 * level;
