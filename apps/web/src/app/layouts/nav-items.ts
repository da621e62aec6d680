import type { IconName } from '@/shared/ui/icon.tsx';
import type { Feature } from '@/shared/lib/player-init.ts';

export type NavItem = { to: string; label: string; icon: IconName; feature?: Feature; end?: boolean };

/** The site's main sections; `label` is an i18n key. Items behind a feature flag show only when it is on. */
export const MAIN_NAV: NavItem[] = [
  { to: '/', label: 'nav.casino', icon: 'cards', end: true },
  { to: '/betting', label: 'nav.sports', icon: 'ball', feature: 'sportsbook' },
  { to: '/categories', label: 'nav.categories', icon: 'grid' },
  { to: '/providers', label: 'nav.providers', icon: 'studio' },
  { to: '/promotions', label: 'nav.promotions', icon: 'sparkles' },
  { to: '/bonuses', label: 'nav.bonuses', icon: 'gift' },
  { to: '/loyalty', label: 'nav.loyalty', icon: 'crown', feature: 'loyalty' },
];

export const PLAYER_NAV: NavItem[] = [
  { to: '/favorites', label: 'nav.favorites', icon: 'heart' },
  { to: '/recently-played', label: 'nav.recentlyPlayed', icon: 'clock' },
];

export const HELP_NAV: NavItem[] = [{ to: '/questions', label: 'nav.help', icon: 'help' }];

/** The header shows only the headline sections. */
export const HEADER_NAV = MAIN_NAV.filter((item) => ['/', '/betting', '/bonuses', '/loyalty'].includes(item.to));
