import type { ModalProps } from '@/shared/modals/index.ts';
import { GameUnavailableModal } from './game-unavailable-modal.tsx';

/** `?geo-restricted-game=<game>`: the game cannot be played from the player's country (error 14308). */
export default function GeoRestrictedGameModal({ value, close }: ModalProps) {
  return <GameUnavailableModal reason="geo" gameId={value} close={close} />;
}
