import { Link, NavLink, type LinkProps, type NavLinkProps } from '@/shared/router';
import { useLocalizedPath } from './use-locale.ts';

/** A Link whose `to` is an unprefixed app path; the current locale prefix is added. */
export function LocaleLink({ to, ...rest }: Omit<LinkProps, 'to'> & { to: string }) {
  const localize = useLocalizedPath();
  return <Link to={localize(to)} {...rest} />;
}

export function LocaleNavLink({ to, ...rest }: Omit<NavLinkProps, 'to'> & { to: string }) {
  const localize = useLocalizedPath();
  return <NavLink to={localize(to)} {...rest} />;
}
