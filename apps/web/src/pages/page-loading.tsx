import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';

/** A page's place while what it shows is still loading. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="grid min-h-60 place-items-center">
      <Spinner label={t('common.loading')} className="size-7 text-accent" />
    </div>
  );
}
