import { useTranslation } from 'react-i18next';
import { ModalFrame, type ModalProps } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { abandonDeposit } from './abandon.ts';
import '../i18n/index.ts';

/** `?cancel-deposit=<invoice>`: leave an open deposit; a payment already made is still credited. */
export default function CancelDepositModal({ value, close }: ModalProps) {
  const { t } = useTranslation();
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
