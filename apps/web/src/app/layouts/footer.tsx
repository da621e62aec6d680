import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { LocaleLink } from '@/shared/i18n';
import { BRAND_NAME } from '@/shared/lib/brand.ts';
import { Logo } from '@/shared/ui/logo.tsx';

const columns: { title: string; links: { to: string; label: string }[] }[] = [
  {
    title: 'footer.play',
    links: [
      { to: '/categories', label: 'nav.categories' },
      { to: '/providers', label: 'nav.providers' },
      { to: '/bonuses', label: 'nav.bonuses' },
    ],
  },
  {
    title: 'footer.help',
    links: [
      { to: '/questions', label: 'footer.faq' },
      { to: '/static/responsible-gaming', label: 'footer.responsibleGaming' },
    ],
  },
  {
    title: 'footer.legal',
    links: [
      { to: '/static/terms', label: 'footer.terms' },
      { to: '/static/privacy', label: 'footer.privacy' },
      { to: '/static/bonus-terms', label: 'footer.bonusTerms' },
      { to: '/static/cookies', label: 'footer.cookies' },
      { to: '/static/about', label: 'footer.about' },
    ],
  },
];

/** What the wallet accepts (the payment capability's methods), named as text: no third-party logos. */
const PAYMENT_METHODS = [
  'Visa',
  'Mastercard',
  'Sandbox Wallet',
  'Bank transfer',
  'PIX',
  'BTC',
  'ETH',
  'USDT',
  'LTC',
  'XRP',
];

// Read once per page load; a visit across New Year keeps last year's copyright line, which is fine.
const YEAR = new Date().getFullYear();

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="mt-16 border-t border-line bg-surface/50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_repeat(3,1fr)] lg:px-8">
        <div>
          <Logo />
          <p className="mt-4 max-w-sm text-sm text-muted">{t('footer.tagline')}</p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={t(column.title)}>
            <h2 className="text-sm font-semibold text-fg">{t(column.title)}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <LocaleLink to={link.to} className="text-sm text-muted transition-colors hover:text-fg">
                    {t(link.label)}
                  </LocaleLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="mx-auto max-w-7xl px-4 pb-8 sm:px-6 lg:px-8">
        <h2 className="text-sm font-semibold text-fg">{t('footer.payments')}</h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {PAYMENT_METHODS.map((name) => (
            <li key={name} className="rounded-lg border border-line px-2.5 py-1 text-xs font-semibold text-muted">
              {name}
            </li>
          ))}
        </ul>
        <p className="mt-4 text-xs text-muted">
          <LocaleLink to="/static/about" className="underline underline-offset-2 hover:text-fg">
            {t('footer.licence')}
          </LocaleLink>
        </p>
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 sm:flex-row sm:items-center sm:px-6 lg:px-8">
          <span className="grid size-11 shrink-0 place-items-center rounded-full border-2 border-danger text-sm font-extrabold text-danger">
            <span aria-hidden="true">18+</span>
            <span className="sr-only">{t('footer.adultsOnly')}</span>
          </span>
          <p className="text-xs leading-relaxed text-muted">
            {t('footer.responsibleText')}{' '}
            <LocaleLink to="/static/responsible-gaming" className="font-medium text-fg underline underline-offset-2">
              {t('footer.responsibleLink')}
            </LocaleLink>
          </p>
          <p className="shrink-0 text-xs text-muted sm:ml-auto">
            {t('footer.copyright', { year: YEAR, brand: BRAND_NAME })}
          </p>
        </div>
      </div>
    </footer>
  );
}
