import { useEffect } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { useSession } from '@/features/auth';
import { ModalFrame, type ModalProps } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { abandonDeposit, isDepositOpen } from './abandon.ts';
import '../i18n/index.ts';

/**
 * `?cancel-deposit=<invoice>`: leave an open deposit; a payment already made is still credited. Only a
 * deposit step on screen can be left: any other key (a guest's, a stale link, after a reload) closes.
 */
export default function CancelDepositModal({ value, close }: ModalProps) {
  const { t } = useTranslation();
  const isPlayer = useSession((s) => s.status === 'player');
  const open = isPlayer && isDepositOpen(value);
  useEffect(() => {
    if (!open) close();
  }, [open, close]);

  if (!open) return null;
  return (
    <ModalFrame title={t('wallet.pay.cancelTitle')} description={t('wallet.pay.cancelText')} size="sm">
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => {
            abandonDeposit(value);
            close();
          }}
        >
          {t('wallet.pay.cancelConfirm')}
        </Button>
        <Button variant="secondary" onClick={close}>
          {t('wallet.pay.keepPaying')}
        </Button>
      </div>
    </ModalFrame>
  );
}
