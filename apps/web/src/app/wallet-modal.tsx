import { DepositBonusCode } from '@/features/bonuses';
import { WalletModal } from '@/features/wallet/modals.ts';
import type { ModalProps } from '@/shared/modals/types.ts';

/** The wallet as the site shows it: its deposit form takes a bonus code (the bonuses feature's). */
export default function SiteWalletModal(props: ModalProps) {
  return <WalletModal {...props} depositCodeField={<DepositBonusCode />} />;
}
