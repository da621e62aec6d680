import type { ModalProps } from '@/shared/modals/index.ts';
import { GameUnavailableModal } from './game-unavailable-modal.tsx';

/** `?restricted-bets=<game>`: the operator does not take bets on this game from the player (14306 or the push). */
export default function RestrictedBetsModal({ value, close }: ModalProps) {
  return <GameUnavailableModal reason="restricted" gameId={value} close={close} />;
}
