import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { ModalFrame, useModal, type ModalProps } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import '../i18n/index.ts';

const TEXTS = {
  'deposit-success': ['resultSuccess', 'resultSuccessText'],
  'deposit-error': ['resultError', 'resultErrorText'],
  'deposit-pending': ['resultPending', 'resultPendingText'],
  'deposit-redirect': ['resultRedirect', 'resultRedirectText'],
} as const;

/** Where a provider's page sends the player back to (`?deposit-success=true` and its siblings). */
export default function DepositResultModal({ name, close }: ModalProps) {
  const { t } = useTranslation();
  const modal = useModal();
  const [title, text] = TEXTS[name as keyof typeof TEXTS] ?? TEXTS['deposit-redirect'];
  return (
    <ModalFrame title={t(`wallet.pay.${title}`)} description={t(`wallet.pay.${text}`)} size="sm">
      <div className="flex gap-2">
        <Button onClick={() => modal.replace(name, 'wallet', name === 'deposit-error' ? 'deposit' : '')}>
          {t('wallet.pay.toWallet')}
        </Button>
        <Button variant="secondary" onClick={close}>
          {t('wallet.pay.close')}
        </Button>
      </div>
    </ModalFrame>
  );
}
