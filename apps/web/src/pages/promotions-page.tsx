import { Promotions } from '@/features/bonuses/page.ts';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { usePageTitle } from '@/shared/lib/use-page-title.ts';

/** `/promotions`: the offers and their full terms, for guests and players alike. */
export default function PromotionsPage() {
  const { t } = useTranslation();
  usePageTitle(t('bonuses.promotions.title'));
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-fg">{t('bonuses.promotions.title')}</h1>
        <p className="mt-2 max-w-3xl text-muted">{t('bonuses.promotions.intro')}</p>
      </header>
      <Promotions />
    </div>
  );
}
