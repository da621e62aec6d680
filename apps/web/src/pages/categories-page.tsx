import { Navigate, useLocation } from '@/shared/router';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { categoryPath, useCollections } from '@/features/games';
import { useLocalizedPath } from '@/shared/i18n';
import { usePageTitle } from '@/shared/lib/use-page-title.ts';
import { PageLoading } from './page-loading.tsx';
import { ComingSoonNotice } from './coming-soon-page.tsx';

/** `/categories` has no page of its own: it opens the first collection on offer and keeps the query. */
export default function CategoriesPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const localize = useLocalizedPath();
  const collections = useCollections();
  const first = collections.data?.[0];
  usePageTitle(t('pages.categories.title'));

  if (collections.isPending) return <PageLoading />;
  if (first) return <Navigate to={localize(categoryPath(first.identity)) + search} replace />;
  // An error or an empty list both mean "nothing to open".
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-fg sm:text-4xl">{t('pages.categories.title')}</h1>
        <p className="mt-2 max-w-2xl text-muted">{t('pages.categories.empty')}</p>
      </div>
      <ComingSoonNotice message={t('pages.category.soon')} />
    </div>
  );
}
