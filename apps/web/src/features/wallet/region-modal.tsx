import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { ModalFrame, type ModalProps } from '@/shared/modals/index.ts';
import { useCountries } from '@/shared/lib/countries.ts';
import { usePlayerInit } from '@/shared/lib/player-init.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Select } from '@/shared/ui/select.tsx';
import { setPreference, usePreference } from './display-prefs.ts';
import './i18n/index.ts';
import { useDisplayNames } from '@/shared/lib/display-names.ts';

/** `?wallet-region`: the country whose payment methods the wallet offers (kept in this browser). */
export default function WalletRegionModal({ close }: ModalProps) {
  const { t } = useTranslation();
  const names = useDisplayNames();
  const detected = usePlayerInit().country;
  const stored = usePreference('paymentGeo');
  const countries = useCountries(true);
  const [country, setCountry] = useState(stored ?? detected);
  const save = () => {
    setPreference('paymentGeo', country === detected ? null : country);
    close();
  };
  return (
    <ModalFrame title={t('wallet.region.title')} description={t('wallet.region.description')} size="sm">
      <div className="flex flex-col gap-4">
        <Select
          label={t('wallet.region.country')}
          value={country}
          onChange={(e) => setCountry(e.target.value)}
          // Where the operator closed the site (RESTRICTED_COUNTRIES) nobody may pay from.
          options={names
            .sortCountries((countries.data ?? []).filter((c) => !c.restrict))
            .map((c) => ({ value: c.code, label: names.country(c) }))}
        />
        <Button onClick={save}>{t('wallet.region.save')}</Button>
      </div>
    </ModalFrame>
  );
}
