import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { ModalFrame, useModal, type ModalProps } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { useSession } from './session-store.ts';
import './i18n/index.ts';

/**
 * `?profile-confirmed`: the e-mail address is confirmed. A player is offered the deposit, a guest
 * (the link opened on another device) the sign-in.
 */
export default function ProfileConfirmedModal({ close }: ModalProps) {
  const { t } = useTranslation();
  const modal = useModal();
  const isPlayer = useSession((s) => s.status === 'player');
  return (
    <ModalFrame
      title={t('verify.confirmed')}
      description={isPlayer ? t('auth.profileConfirmed.playerText') : t('auth.profileConfirmed.guestText')}
      size="sm"
    >
      <div className="flex flex-col gap-2">
        {isPlayer ? (
          <Button block onClick={() => modal.replace('profile-confirmed', 'wallet', 'deposit')}>
            {t('account.deposit')}
          </Button>
        ) : (
          <Button block onClick={() => modal.replace('profile-confirmed', 'sign-in')}>
            {t('account.signIn')}
          </Button>
        )}
        <Button block variant="ghost" onClick={close}>
          {t('common.gotIt')}
        </Button>
      </div>
    </ModalFrame>
  );
}
