import { useParams } from '@/shared/router';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { ContentArea } from '@casino/contracts';
import { LocaleLink, useLocale } from '@/shared/i18n';
import { isApiError } from '@/shared/lib/http.ts';
import { usePageMeta } from '@/shared/lib/use-page-meta.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { useContentPage } from './api.ts';
import { RichText } from './rich-text.tsx';
import './i18n/index.ts';

/** `/static/{pageIdentity}`, `/questions/{pageIdentity}`, `/bonus/{pageIdentity}`: one content page. */
export function ContentPageView({ area }: { area: ContentArea }) {
  const { t } = useTranslation();
  const { pageIdentity = '' } = useParams();
  const locale = useLocale();
  const page = useContentPage(area, pageIdentity, locale);
  usePageMeta(
    page.data ? { title: page.data.title, description: page.data.description, locales: page.data.locales } : null,
  );

  if (page.isPending) return <Spinner label={t('content.loading')} />;
  if (page.isError) {
    const missing = isApiError(page.error) && page.error.status === 404;
    return (
      <section className="mx-auto max-w-3xl py-10">
        <h1 className="text-2xl font-bold text-fg">{missing ? t('content.notFound') : t('content.loadFailed')}</h1>
        {!missing && (
          <Button className="mt-4" variant="secondary" onClick={() => void page.refetch()}>
            {t('content.retry')}
          </Button>
        )}
        <LocaleLink to={area === 'question' ? '/questions' : '/'} className="mt-4 block text-accent underline">
          {area === 'question' ? t('content.backToHelp') : t('content.home')}
        </LocaleLink>
      </section>
    );
  }
  const data = page.data;
  const untranslated = data.locale !== locale;
  return (
    <article className="mx-auto max-w-3xl py-6" lang={data.locale}>
      {area === 'question' && (
        <nav aria-label={t('content.breadcrumbs')} className="mb-4 text-sm">
          <LocaleLink to="/questions" className="text-accent underline">
            {t('content.helpCentre')}
          </LocaleLink>
        </nav>
      )}
      {untranslated && (
        <p className="mb-4 rounded-xl border border-line bg-raised px-4 py-2 text-sm text-muted">
          {t('content.untranslated')}
        </p>
      )}
      {data.blocks[0]?.type !== 'heading' && <h1 className="mb-4 text-3xl font-bold text-fg">{data.title}</h1>}
      <RichText blocks={data.blocks} />
    </article>
  );
}
