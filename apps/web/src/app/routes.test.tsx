import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@/shared/i18n';
import { dataEnvelope, playResultSchema } from '@casino/contracts';
import { all, post, reply, server } from '@/test-api.ts';
import { useSession } from '@/features/auth';
import { initWith, mockApi, renderApp } from './test-support.tsx';

describe('locale in the URL', () => {
  it('renders a /de page in German and sets the user-language cookie', async () => {
    mockApi();
    renderApp('/de/bonuses');
    expect(await screen.findByRole('heading', { level: 1, name: 'Boni' })).toBeInTheDocument();
    expect(i18n.language).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(document.cookie).toContain('user-language=de');
  });

  it('renders /de/profile in German for a player', async () => {
    mockApi();
    renderApp('/de/profile', { status: 'player' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mein Konto' })).toBeInTheDocument();
  });

  it('renders an unprefixed page in English', async () => {
    mockApi();
    renderApp('/bonuses');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bonuses' })).toBeInTheDocument();
    expect(i18n.language).toBe('en');
  });

  it('shows the 404 layout for a locale-shaped but unsupported prefix', async () => {
    mockApi();
    renderApp('/zz/x');
    expect(await screen.findByText('Page Not Found: /zz/x')).toBeInTheDocument();
  });

  it('redirects the default locale prefix to the bare path, keeping the query', async () => {
    mockApi();
    const app = renderApp('/en/bonuses?tab=1');
    await waitFor(() => expect(app.url()).toBe('/bonuses?tab=1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bonuses' })).toBeInTheDocument();
  });

  it('redirects /en to /', async () => {
    mockApi();
    const app = renderApp('/en');
    await waitFor(() => expect(app.location().pathname).toBe('/'));
  });
});

describe('unknown paths', () => {
  it('says which path was not found', async () => {
    mockApi();
    renderApp('/nothing/here');
    expect(await screen.findByText('Page not found: /nothing/here')).toBeInTheDocument();
  });

  it('reads a two-letter first segment as a locale prefix', async () => {
    mockApi();
    renderApp('/no/such/page');
    expect(await screen.findByText('Page Not Found: /no/such/page')).toBeInTheDocument();
  });

  it('treats a non-locale first segment as an unmatched path', async () => {
    mockApi();
    renderApp('/games');
    expect(await screen.findByText('Page not found: /games')).toBeInTheDocument();
  });

  it('has no locale prefix for the e-mail link pages', async () => {
    mockApi();
    renderApp('/de/verify/abc');
    expect(await screen.findByText('Seite nicht gefunden: /de/verify/abc')).toBeInTheDocument();
  });
});

describe('retired paths', () => {
  it.each([
    ['/tournaments', '/'],
    ['/tournaments/', '/'],
    ['/welcome-package', '/'],
    ['/welcome-package/', '/'],
    ['/contact', '/'],
    ['/contact/', '/'],
    ['/de/contact/', '/de'],
    ['/pt-br/tournaments', '/pt-br'],
    ['/de/welcome-package', '/de'],
  ])('%s goes to %s', async (from, to) => {
    mockApi();
    const app = renderApp(from);
    await waitFor(() => expect(app.location().pathname).toBe(to));
  });
});

describe('conditional pages', () => {
  it('drops loyalty and sportsbook when their flags are off', async () => {
    mockApi({ init: initWith({}, { loyalty: false, sportsbook: false }) });
    renderApp('/loyalty');
    expect(await screen.findByText('Page not found: /loyalty')).toBeInTheDocument();
  });

  it('drops the sportsbook page when the flag is off', async () => {
    mockApi();
    renderApp('/de/betting');
    expect(await screen.findByText('Seite nicht gefunden: /de/betting')).toBeInTheDocument();
  });

  it('shows loyalty and sportsbook when their flags are on', async () => {
    mockApi({ init: initWith({}, { loyalty: true, sportsbook: true }) });
    let launched = false;
    server.use(
      post('/api/game/games/sportsbook/play', () => {
        launched = true;
        return reply(dataEnvelope(playResultSchema), { data: { gameUrl: 'http://localhost:3000/client', token: 't' } });
      }),
    );
    renderApp('/betting');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sports' })).toBeInTheDocument();
    // The page starts the guest's sportsbook client once the session is known, which can be after its
    // heading: waited for here, so the start does not land in the next test (CI, under load).
    await waitFor(() => expect(launched).toBe(true));
  });

  it('drops the documents tab of the profile when the flag is off', async () => {
    mockApi();
    renderApp('/profile/documents', { status: 'player' });
    expect(await screen.findByText('Page not found: /profile/documents')).toBeInTheDocument();
  });

  it('shows the documents tab when the flag is on', async () => {
    mockApi({ init: initWith({}, { documents: true }) });
    renderApp('/profile/documents', { status: 'player' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Documents' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Documents' })).toBeInTheDocument();
  });

  it('replaces the whole site when the country is restricted with type 1', async () => {
    mockApi({ init: initWith({ restricted: true, restrictType: 1, country: 'FR' }) });
    renderApp('/bonuses');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not available in your region' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Bonuses' })).not.toBeInTheDocument();
  });

  it('keeps the site for restriction type 2 (sign-up is blocked elsewhere)', async () => {
    mockApi({ init: initWith({ restricted: true, restrictType: 2 }) });
    renderApp('/bonuses');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bonuses' })).toBeInTheDocument();
  });

  it('still renders when init fails, with optional features off', async () => {
    // A proxy's error page, not the API's JSON.
    server.use(all('*', () => new Response('oops', { status: 500 })));
    renderApp('/bonuses');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bonuses' })).toBeInTheDocument();
  });
});

describe('profile', () => {
  it('sends a guest home with the sign-in modal, keeping the locale', async () => {
    mockApi();
    const app = renderApp('/de/profile/limits');
    await waitFor(() => expect(app.url()).toBe('/de?sign-in'));
  });

  it('sends a player who signs out on it home, without asking to sign in again', async () => {
    mockApi();
    const app = renderApp('/de/profile/security', { status: 'player' });
    await screen.findByRole('heading', { level: 1, name: 'Mein Konto' });
    // As closing the account does: the session ends here before the home page has drawn.
    act(() => useSession.setState({ status: 'guest', profile: null, left: true }));
    await waitFor(() => expect(app.url()).toBe('/de'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the info tab for a bare /profile', async () => {
    mockApi();
    const app = renderApp('/profile', { status: 'player' });
    await waitFor(() => expect(app.location().pathname).toBe('/profile/info'));
  });

  it('offers the wallet modal on the wallet tab', async () => {
    mockApi();
    const app = renderApp('/profile/wallet', { status: 'player' });
    const section = await screen.findByRole('region', { name: 'Wallet' });
    const deposit = within(section).getByRole('button', { name: 'Deposit' });
    act(() => deposit.click());
    await waitFor(() => expect(app.url()).toBe('/profile/wallet?wallet=deposit'));
  });
});

describe('categories', () => {
  it('opens the first collection offered in the country and keeps the query', async () => {
    mockApi({
      collections: [
        { id: '1', identity: 'hidden', name: 'Hidden', countries: [], isHidden: true },
        { id: '2', identity: 'brazil-only', name: 'BR', countries: ['BR'], isHidden: false },
        { id: '3', identity: 'slots', name: 'Slots', countries: [], isHidden: false },
      ],
    });
    const app = renderApp('/de/categories?sort=new');
    await waitFor(() => expect(app.url()).toBe('/de/categories/slots?sort=new'));
  });

  it('says there are no categories when the list cannot be loaded', async () => {
    mockApi({ collections: 'fail' });
    renderApp('/categories');
    expect(await screen.findByText('There are no game categories yet.')).toBeInTheDocument();
  });

  it('says there are no categories when the list is empty', async () => {
    mockApi({ collections: [] });
    renderApp('/categories');
    expect(await screen.findByText('There are no game categories yet.')).toBeInTheDocument();
  });
});

describe('pages', () => {
  it('sets a document title per page', async () => {
    mockApi();
    renderApp('/providers');
    await screen.findByRole('heading', { level: 1, name: 'Providers' });
    await waitFor(() => expect(document.title).toBe('Providers · Lumen Casino'));
  });

  it('renders the password reset link page in the old layout with a way to the reset modal', async () => {
    mockApi();
    renderApp('/password/reset/code-123');
    const link = await screen.findByRole('link', { name: 'Set a new password' });
    expect(link).toHaveAttribute('href', '/?reset-pass=code-123');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});
