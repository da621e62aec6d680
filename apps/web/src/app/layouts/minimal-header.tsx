import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { LocaleLink } from '@/shared/i18n';
import { Logo } from '@/shared/ui/logo.tsx';
import { LocaleSwitcher } from './locale-switcher.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

/** Logo and preferences only: for the 404, error, old and geo-restricted layouts. */
export type MinimalHeaderProps = { linkHome?: boolean; localeSwitch?: boolean };

export function MinimalHeader({ linkHome = true, localeSwitch = false }: MinimalHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="flex h-16 items-center gap-2 px-4 sm:px-6">
      {linkHome ? (
        <LocaleLink to="/" className="rounded-lg">
          <Logo />
          <span className="sr-only"> — {t('nav.homeLink')}</span>
        </LocaleLink>
      ) : (
        <Logo />
      )}
      <div className="ml-auto flex items-center gap-2">
        {localeSwitch && <LocaleSwitcher />}
        <ThemeToggle />
      </div>
    </header>
  );
}
