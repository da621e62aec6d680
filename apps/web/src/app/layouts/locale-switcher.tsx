import { useId } from 'react';
import { useLocation, useNavigate } from '@/shared/router';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { LOCALES, isSupportedLocale } from '@casino/contracts';
import { switchLocalePath, useLocale } from '@/shared/i18n';
import { Icon } from '@/shared/ui/icon.tsx';
import { cn } from '@/shared/lib/cn.ts';

/** Native select: keyboard and screen-reader friendly everywhere. Switching keeps the page, query and hash. */
export function LocaleSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <div className={cn('relative flex items-center', className)}>
      <label htmlFor={id} className="sr-only">
        {t('locale.label')}
      </label>
      <Icon name="globe" className="pointer-events-none absolute left-2.5 size-4 text-muted" />
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          const next = event.target.value;
          if (!isSupportedLocale(next)) return;
          void navigate(switchLocalePath(location.pathname, location.search, location.hash, next), {
            state: { preventScrollReset: true },
            preventScrollReset: true,
          });
        }}
        className="h-10 cursor-pointer appearance-none rounded-xl border border-line bg-transparent pl-8 pr-3 text-sm font-medium text-fg transition-colors hover:border-muted/60"
      >
        {LOCALES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.nativeName}
          </option>
        ))}
      </select>
    </div>
  );
}
