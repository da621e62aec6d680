import { useMemo } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { Country, Currency } from '@casino/contracts';

/**
 * Currency and country names in the page's language. The settings API names them in English; the
 * browser's own data (Intl.DisplayNames) knows them in every language. Crypto currencies keep
 * their names (Bitcoin is Bitcoin everywhere); a code the browser does not know keeps the API's name.
 */
export function useDisplayNames() {
  const { t } = useTranslation();
  const locale = t('meta.intlLocale');
  return useMemo(() => {
    const currencies = new Intl.DisplayNames([locale], { type: 'currency', fallback: 'none' });
    const regions = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    const country = (c: Pick<Country, 'code' | 'name'>) => regions.of(c.code) ?? c.name;
    return {
      currency: (c: Pick<Currency, 'code' | 'name' | 'type'>) =>
        c.type === 'fiat' ? (currencies.of(c.code) ?? c.name) : c.name,
      country,
      /** Countries in the order of their names in this language. */
      sortCountries: <C extends Pick<Country, 'code' | 'name'>>(list: readonly C[]) =>
        [...list].sort((a, b) => country(a).localeCompare(country(b), locale)),
    };
  }, [locale]);
}
