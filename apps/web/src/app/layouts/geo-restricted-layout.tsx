import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { BRAND_NAME } from '@/shared/lib/brand.ts';
import { StatusPage } from './status-page.tsx';

/** Replaces the whole site for visitors from a country flagged restricted with type 1 (wire contract 3.11). */
export function GeoRestrictedLayout({ country }: { country: string }) {
  const { t } = useTranslation();
  let countryName = country;
  try {
    countryName = (country && new Intl.DisplayNames([t('meta.intlLocale')], { type: 'region' }).of(country)) || country;
  } catch {
    // An unknown code keeps its raw form.
  }
  return (
    <StatusPage icon="globe" title={t('geo.title')} header={{ linkHome: false, localeSwitch: true }}>
      <p>
        {countryName
          ? t('geo.messageCountry', { brand: BRAND_NAME, country: countryName })
          : t('geo.message', { brand: BRAND_NAME })}
      </p>
      <p className="mt-3 text-sm">{t('geo.hint')}</p>
    </StatusPage>
  );
}
