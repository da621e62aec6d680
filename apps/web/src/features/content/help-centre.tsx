import { Suspense, useState } from 'react';
import { ContactForm } from '@/features/support';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { LocaleLink, useLocale } from '@/shared/i18n';
import { usePageMeta } from '@/shared/lib/use-page-meta.ts';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { useContentList } from './api.ts';
import './i18n/index.ts';

const CATEGORIES = ['account', 'payments', 'limits', 'games', 'bonuses'] as const;
const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** `/questions`: every help-centre question by category, with a search over the titles. */
export function HelpCentre() {
  const { t } = useTranslation();
  const locale = useLocale();
  const questions = useContentList('question', locale);
  const [query, setQuery] = useState('');
  usePageMeta({ title: t('content.helpTitle'), description: t('content.helpDescription') });
  const words = fold(query).split(/\s+/).filter(Boolean);
  const shown = (questions.data ?? []).filter((q) => words.every((w) => fold(q.title).includes(w)));
  return (
    <section className="mx-auto max-w-3xl py-6" aria-labelledby="help-title">
      <h1 id="help-title" className="text-3xl font-bold text-fg">
        {t('content.helpTitle')}
      </h1>
      <p className="mt-2 text-muted">{t('content.helpDescription')}</p>
      <TextField
        className="mt-6"
        label={t('content.search')}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {questions.isPending && <Spinner label={t('content.loading')} />}
      {questions.data && shown.length === 0 && <p className="mt-6 text-muted">{t('content.noMatch')}</p>}
      {CATEGORIES.map((category) => {
        const list = shown.filter((q) => q.category === category);
        if (!list.length) return null;
        return (
          <section key={category} aria-labelledby={`help-${category}`} className="mt-8">
            <h2 id={`help-${category}`} className="text-lg font-semibold text-fg">
              {t(`content.categories.${category}`)}
            </h2>
            <ul className="mt-3 divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface">
              {list.map((q) => (
                <li key={q.identity}>
                  <LocaleLink
                    to={`/questions/${q.identity}`}
                    className="block px-4 py-3 text-fg hover:bg-raised"
                    lang={q.locale}
                  >
                    {q.title}
                    {q.locale !== locale && (
                      <span
                        lang={locale}
                        className="ml-2 inline-block rounded-full bg-raised px-2 py-0.5 align-middle text-xs text-muted"
                      >
                        {t('content.englishOnly')}
                      </span>
                    )}
                  </LocaleLink>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <p className="mt-8 text-sm text-muted">{t('content.stillNeedHelp')}</p>
      <div className="mt-4 rounded-2xl border border-line bg-surface p-4 sm:p-6">
        <Suspense fallback={<Spinner label={t('content.loading')} />}>
          <ContactForm />
        </Suspense>
      </div>
    </section>
  );
}
