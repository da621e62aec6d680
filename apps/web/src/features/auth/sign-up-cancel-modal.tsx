import { useEffect } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { ModalFrame, useModal, type ModalProps } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { useSession } from './session-store.ts';
import './i18n/index.ts';

/** `?sign-up-cancel`: a guest leaving the sign-up is asked once whether to finish it. A player has nothing to finish. */
export default function SignUpCancelModal({ close }: ModalProps) {
  const { t } = useTranslation();
  const modal = useModal();
  const isPlayer = useSession((s) => s.status === 'player');
  useEffect(() => {
    if (isPlayer) close();
  }, [isPlayer, close]);

  if (isPlayer) return null;
  return (
    <ModalFrame title={t('auth.signUpCancel.title')} description={t('auth.signUpCancel.text')} size="sm">
      <div className="flex flex-col gap-2">
        <Button block onClick={() => modal.replace('sign-up-cancel', 'sign-up')}>
          {t('auth.signUpCancel.continue')}
        </Button>
        <Button block variant="ghost" onClick={close}>
          {t('auth.signUpCancel.leave')}
        </Button>
      </div>
    </ModalFrame>
  );
}
