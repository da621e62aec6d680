import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { Select } from '@/shared/ui/select.tsx';
import { SORT_KEYS, type SortKey } from '../lib/catalogue-params.ts';

/** The grid's order (popular, A–Z, Z–A, newest) as a native select; its label is read, not shown. */
export function SortSelect({ value, onChange }: { value: SortKey; onChange: (sort: SortKey) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      label={<span className="sr-only">{t('games.filters.sort')}</span>}
      className="w-44 [&_label]:mb-0"
      value={value}
      onChange={(e) => onChange(e.target.value as SortKey)}
      options={SORT_KEYS.map((key) => ({ value: key, label: t(`games.sort.${key}`) }))}
    />
  );
}
