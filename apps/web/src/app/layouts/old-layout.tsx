import { Outlet } from '@/shared/router';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { MinimalFrame } from './minimal-frame.tsx';

/** The pared-down frame of the e-mail link pages (verify, password reset): no navigation to distract. */
export function OldLayout() {
  const { t } = useTranslation();
  return (
    <MinimalFrame
      skipLink
      footer={<footer className="px-4 py-6 text-center text-xs text-muted">{t('footer.responsibleShort')}</footer>}
    >
      <Outlet />
    </MinimalFrame>
  );
}
