import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/shared/lib/use-page-title.ts';
import { ComingSoonNotice, type ComingSoonKey } from '../coming-soon-page.tsx';

/** A profile sub-page whose capability is not built yet. */
export function ProfileComingSoon({ tab }: { tab: ComingSoonKey }) {
  const { t } = useTranslation();
  usePageTitle(t(`pages.${tab}.title`));
  return (
    <section aria-labelledby="profile-tab-title" className="space-y-4">
      <div>
        <h2 id="profile-tab-title" className="text-xl font-semibold text-fg">
          {t(`pages.${tab}.title`)}
        </h2>
        <p className="mt-1 text-muted">{t(`pages.${tab}.description`)}</p>
      </div>
      <ComingSoonNotice message={t(`pages.${tab}.soon`)} />
    </section>
  );
}
