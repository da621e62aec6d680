import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from '@/shared/router';
import type { ComingSoonKey } from '@/pages/coming-soon-page.tsx';
import { DefaultLayout } from './layouts/default-layout.tsx';
import { OldLayout } from './layouts/old-layout.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { defaultLocaleLoader, localeLoader, requireFeature, rootLoader, toHome, unmatched } from './route-loaders.ts';

/** A lazily loaded page module (default export): each page is its own chunk. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

/** A page of a capability that is not built yet: the shared coming-soon page, told which one it is. */
const comingSoon = (key: ComingSoonKey) => async () => {
  const { ComingSoonPage } = await import('@/pages/coming-soon-page.tsx');
  return { Component: () => <ComingSoonPage page={key} /> };
};

/** Content pages (null: the help centre's list). */
const content = (area: 'static' | 'question' | 'bonus' | null) => async () => {
  const { ContentPageView, HelpCentre } = await import('@/features/content/page.ts');
  return { Component: area ? () => <ContentPageView area={area} /> : HelpCentre };
};

/** Every page; mounted both with and without the locale prefix by the optional `:locale` segment. */
const pages: RouteObject[] = [
  { index: true, lazy: page(() => import('@/pages/home-page.tsx')) },
  { path: 'doom', lazy: comingSoon('doom') },
  { path: 'bonuses', lazy: page(() => import('@/pages/bonuses-page.tsx')) },
  { path: 'promotions', lazy: page(() => import('@/pages/promotions-page.tsx')) },
  { path: 'loyalty', loader: requireFeature('loyalty'), lazy: page(() => import('@/pages/loyalty-page.tsx')) },
  {
    path: 'profile',
    lazy: page(() => import('@/pages/profile/profile-layout.tsx')),
    children: [
      { index: true, element: <Navigate to="info" replace /> },
      { path: 'info', lazy: page(() => import('@/pages/profile/profile-info-page.tsx')) },
      { path: 'limits', lazy: page(() => import('@/pages/profile/profile-limits-page.tsx')) },
      { path: 'wallet', lazy: page(() => import('@/pages/profile/profile-wallet-page.tsx')) },
      { path: 'bonuses', lazy: page(() => import('@/pages/profile/profile-bonuses-page.tsx')) },
      { path: 'history', lazy: page(() => import('@/pages/profile/profile-history-page.tsx')) },
      { path: 'security', lazy: page(() => import('@/pages/profile/profile-security-page.tsx')) },
      {
        path: 'documents',
        loader: requireFeature('documents'),
        lazy: page(() => import('@/pages/profile/profile-documents-page.tsx')),
      },
      { path: 'verification', lazy: page(() => import('@/pages/profile/profile-verification-page.tsx')) },
      { path: 'notifications', lazy: page(() => import('@/pages/profile/profile-notifications-page.tsx')) },
    ],
  },
  { path: 'providers', lazy: page(() => import('@/pages/providers-page.tsx')) },
  { path: 'questions', lazy: content(null) },
  { path: 'questions/:pageIdentity', lazy: content('question') },
  { path: 'categories', lazy: page(() => import('@/pages/categories-page.tsx')) },
  {
    path: 'categories/:categoryIdentity',
    // The loader answers an unknown collection with the 404 page.
    lazy: async () => {
      const { default: Component, loader } = await import('@/pages/category-page.tsx');
      return { Component, loader };
    },
  },
  { path: 'games/:id', lazy: page(() => import('@/pages/game-page.tsx')) },
  { path: 'auth/callback', lazy: page(() => import('@/pages/auth-callback-page.tsx')) },
  { path: 'auth/autologin', lazy: page(() => import('@/pages/autologin-page.tsx')) },
  { path: 'favorites', lazy: page(() => import('@/pages/favorites-page.tsx')) },
  { path: 'bonus/:pageIdentity', lazy: content('bonus') },
  { path: 'static/:pageIdentity', lazy: content('static') },
  { path: 'recently-played', lazy: page(() => import('@/pages/recently-played-page.tsx')) },
  { path: 'betting', loader: requireFeature('sportsbook'), lazy: page(() => import('@/pages/betting-page.tsx')) },
  // Retired paths; a trailing slash matches too.
  { path: 'tournaments', loader: toHome, element: null },
  { path: 'tournaments/:identity', lazy: page(() => import('@/pages/tournament-page.tsx')) },
  { path: 'welcome-package', loader: toHome, element: null },
  { path: 'contact', loader: toHome, element: null },
  { path: '*', loader: unmatched, element: null },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    loader: rootLoader,
    errorElement: <RouteError />,
    // The index.html preloader covers the first load.
    HydrateFallback: () => null,
    children: [
      {
        path: 'verify/:confirmCode',
        loader: defaultLocaleLoader,
        Component: OldLayout,
        children: [{ index: true, lazy: page(() => import('@/pages/verify-page.tsx')) }],
      },
      {
        path: 'password/reset/:resetCode',
        loader: defaultLocaleLoader,
        Component: OldLayout,
        children: [{ index: true, lazy: page(() => import('@/pages/password-reset-page.tsx')) }],
      },
      {
        path: 'dev/mailbox',
        loader: defaultLocaleLoader,
        Component: OldLayout,
        children: [{ index: true, lazy: page(() => import('@/pages/dev-mailbox-page.tsx')) }],
      },
      {
        id: 'locale',
        path: ':locale?',
        loader: localeLoader,
        Component: DefaultLayout,
        errorElement: <RouteError />,
        children: pages,
      },
    ],
  },
];
