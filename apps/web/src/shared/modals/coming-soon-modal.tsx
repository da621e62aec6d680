import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { Button } from '@/shared/ui/button.tsx';
import { ModalFrame } from './modal-frame.tsx';
import type { ModalProps } from './types.ts';

/** Stand-in for modals of capabilities not built yet: says so plainly instead of showing fake content. */
export default function ComingSoonModal({ name, close }: ModalProps) {
  const { t } = useTranslation();
  const title = t(`modals.titles.${name}`, { defaultValue: t('modals.comingSoon.title') });
  return (
    <ModalFrame title={title} description={t('modals.comingSoon.description')} size="sm">
      <div className="rounded-xl border border-dashed border-line bg-page/60 p-4 text-sm text-muted">
        {t('modals.comingSoon.body')}
      </div>
      <Button className="mt-5" block onClick={close}>
        {t('common.gotIt')}
      </Button>
    </ModalFrame>
  );
}
