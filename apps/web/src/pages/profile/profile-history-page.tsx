import { useTranslation } from 'react-i18next';
import { HistoryView } from '@/features/history';
import { usePageTitle } from '@/shared/lib/use-page-title.ts';

/** `/profile/history`: game rounds and bets (transactions, bonuses and sessions arrive with their capabilities). */
export default function ProfileHistoryPage() {
  const { t } = useTranslation();
  usePageTitle(t('history.title'));
  return (
    <section aria-labelledby="profile-history-title" className="space-y-5">
      <div>
        <h2 id="profile-history-title" className="text-xl font-semibold text-fg">
          {t('history.title')}
        </h2>
        <p className="mt-1 text-muted">{t('history.description')}</p>
      </div>
      <HistoryView />
    </section>
  );
}
