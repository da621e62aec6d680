import { useTranslation } from 'react-i18next';
import { BRAND_NAME } from '@/shared/lib/brand.ts';
import { usePageTitle } from '@/shared/lib/use-page-title.ts';
import { MinimalHeader } from './minimal-header.tsx';
import { MAIN_ID } from './skip-link.tsx';
import { StatusCard } from './status-card.tsx';

/** Replaces the whole site for visitors from a country flagged restricted with type 1 (wire contract 3.11). */
export function GeoRestrictedLayout({ country }: { country: string }) {
  const { t } = useTranslation();
  usePageTitle(t('geo.title'));
  let countryName = country;
  try {
    countryName = (country && new Intl.DisplayNames([t('meta.intlLocale')], { type: 'region' }).of(country)) || country;
  } catch {
    // An unknown code keeps its raw form.
  }
  return (
    <div className="flex min-h-[calc(var(--vh,1vh)*100)] flex-col">
      <MinimalHeader linkHome={false} localeSwitch />
      <main id={MAIN_ID} tabIndex={-1} className="grid flex-1 place-items-center px-4 py-10 outline-none">
        <StatusCard icon="globe" title={t('geo.title')}>
          <p>{countryName ? t('geo.messageCountry', { brand: BRAND_NAME, country: countryName }) : t('geo.message', { brand: BRAND_NAME })}</p>
          <p className="mt-3 text-sm">{t('geo.hint')}</p>
        </StatusCard>
      </main>
    </div>
  );
}
