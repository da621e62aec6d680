import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MinimalHeader } from './minimal-header.tsx';
import { MAIN_ID, SkipLink } from './skip-link.tsx';

/** The pared-down frame of the e-mail link pages (verify, password reset): no navigation to distract. */
export function OldLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[calc(var(--vh,1vh)*100)] flex-col">
      <SkipLink />
      <MinimalHeader />
      <main id={MAIN_ID} tabIndex={-1} className="grid flex-1 place-items-center px-4 py-10 outline-none">
        <Outlet />
      </main>
      <footer className="px-4 py-6 text-center text-xs text-muted">{t('footer.responsibleShort')}</footer>
    </div>
  );
}
