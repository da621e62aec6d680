import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { ModalFrame, type ModalProps } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Select } from '@/shared/ui/select.tsx';
import { useCurrencies } from '@/shared/lib/currencies.ts';
import { setPreference, usePreference } from './display-prefs.ts';
import './i18n/index.ts';
import { useDisplayNames } from '@/shared/lib/display-names.ts';

/** `?equivalent-currency`: a fiat currency crypto balances are also shown in (kept in this browser). */
export default function EquivalentCurrencyModal({ close }: ModalProps) {
  const { t } = useTranslation();
  const names = useDisplayNames();
  const { data: currencies } = useCurrencies();
  const [code, setCode] = useState(usePreference('equivalentCurrency') ?? '');
  const save = () => {
    setPreference('equivalentCurrency', code || null);
    close();
  };
  return (
    <ModalFrame title={t('wallet.equivalent.title')} description={t('wallet.equivalent.description')} size="sm">
      <div className="flex flex-col gap-4">
        <Select
          label={t('wallet.equivalent.currency')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          options={[
            { value: '', label: t('wallet.equivalent.none') },
            ...(currencies ?? [])
              .filter((c) => c.type === 'fiat')
              .map((c) => ({ value: c.code, label: `${c.code} — ${names.currency(c)}` })),
          ]}
        />
        <Button onClick={save}>{t('wallet.equivalent.save')}</Button>
      </div>
    </ModalFrame>
  );
}
