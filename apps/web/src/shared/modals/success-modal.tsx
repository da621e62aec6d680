import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { Button } from '@/shared/ui/button.tsx';
import { ModalFrame } from './modal-frame.tsx';
import type { ModalProps } from './types.ts';

/**
 * `?success`: the generic "it went through" confirmation. It says nothing the URL could make up:
 * the text is ours, whatever value the key carries.
 */
export default function SuccessModal({ close }: ModalProps) {
  const { t } = useTranslation();
  return (
    <ModalFrame title={t('modals.success.title')} description={t('modals.success.text')} size="sm">
      <div
        aria-hidden="true"
        className="mx-auto mb-5 grid size-14 place-items-center rounded-full bg-success/15 text-success"
      >
        <svg
          viewBox="0 0 24 24"
          className="size-7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="m5 12.5 4.5 4.5L19 7.5" />
        </svg>
      </div>
      <Button block onClick={close}>
        {t('common.gotIt')}
      </Button>
    </ModalFrame>
  );
}
