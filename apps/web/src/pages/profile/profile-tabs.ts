import type { Feature } from '@/shared/lib/player-init.ts';

export type ProfileTab = { path: string; label: string; feature?: Feature };

/** The profile sub-pages in display order; `label` is an i18n key. */
export const PROFILE_TABS: ProfileTab[] = [
  { path: 'info', label: 'profile.tabs.info' },
  { path: 'wallet', label: 'profile.tabs.wallet' },
  { path: 'bonuses', label: 'profile.tabs.bonuses' },
  { path: 'history', label: 'profile.tabs.history' },
  { path: 'limits', label: 'profile.tabs.limits' },
  { path: 'security', label: 'profile.tabs.security' },
  { path: 'verification', label: 'profile.tabs.verification' },
  { path: 'documents', label: 'profile.tabs.documents', feature: 'documents' },
  { path: 'notifications', label: 'profile.tabs.notifications' },
];
