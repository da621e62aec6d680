import { LocaleLink } from '@/shared/i18n';
import { buttonClass } from '@/shared/ui/button.tsx';
import { Icon, type IconName } from '@/shared/ui/icon.tsx';
import { usePageTitle } from '@/shared/lib/use-page-title.ts';

type EmailLinkCardProps = {
  icon: IconName;
  title: string;
  text: string;
  /** The one way on; none while the page is still working. */
  to?: string;
  action?: string;
  busy?: boolean;
};

/** The card of a page opened from an e-mail link (verify, password reset): what it is and one way on. Its title is the page title. */
export function EmailLinkCard({ icon, title, text, to, action, busy = false }: EmailLinkCardProps) {
  usePageTitle(title);
  return (
    <section className="w-full max-w-md rounded-3xl border border-line bg-surface p-8 text-center shadow-card">
      <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-accent/12 text-accent">
        <Icon name={icon} className="size-7" />
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight text-fg">{title}</h1>
      <p className="mt-3 text-muted" role={busy ? 'status' : undefined}>
        {text}
      </p>
      {to && action ? (
        <LocaleLink to={to} className={buttonClass('primary', 'md', true) + ' mt-7'}>
          {action}
        </LocaleLink>
      ) : null}
    </section>
  );
}
