import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { ModalFrame, type ModalProps } from '@/shared/modals/index.ts';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { LocaleLink } from '@/shared/i18n';
import { useProviders } from './api/get-providers.ts';
import { providerGamesPath } from './lib/paths.ts';
import { filterProviders } from './lib/provider-search.ts';
import { ProviderLogo } from './ui/provider-logo.tsx';
import './i18n/index.ts';

/** The studios (`?providers`) with a name filter; each leads to its games. */
export default function ProvidersModal(_props: ModalProps) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const providers = useProviders();
  const list = filterProviders(providers.data ?? [], query, 'name', i18n.language);
  return (
    <ModalFrame title={t('modals.titles.providers')} size="lg">
      <TextField
        label={t('games.providers.search')}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        autoComplete="off"
      />
      <div className="mt-4">
        {providers.isPending && <Spinner label={t('common.loading')} className="size-6 text-accent" />}
        {providers.isError && (
          <p role="alert" className="text-sm text-danger">
            {t('games.loadFailed')}
          </p>
        )}
        {providers.isSuccess && list.length === 0 && (
          <p className="text-sm text-muted">{t('games.providers.none', { query })}</p>
        )}
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {list.map((provider) => (
            <li key={provider.id}>
              <LocaleLink
                to={providerGamesPath(provider)}
                className="flex h-20 flex-col items-center justify-center gap-1 rounded-xl border border-line bg-raised px-2 transition-colors hover:border-accent/60"
              >
                <ProviderLogo provider={provider} />
                <span className="text-[11px] text-muted">
                  {t('games.providers.count', { count: provider.gameEnabledCount })}
                </span>
              </LocaleLink>
            </li>
          ))}
        </ul>
      </div>
    </ModalFrame>
  );
}
