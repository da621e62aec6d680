import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  createMemoryRouter,
  data,
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  redirect,
  RouterProvider,
  useParams,
  useRouteError,
  type RouteObject,
  type Router,
} from './index.ts';

function Page({ name }: { name: string }) {
  const params = useParams();
  return <p>{`${name} ${JSON.stringify(params)}`}</p>;
}

function Failure() {
  const error = useRouteError();
  return <p role="alert">{isRouteErrorResponse(error) ? `status ${error.status}` : String(error)}</p>;
}

const settled = (router: Router) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized && router.state.navigation.state === 'idle') return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized || state.navigation.state !== 'idle') return;
      stop();
      resolve();
    });
  });

const table = (): RouteObject[] => [
  {
    errorElement: <Failure />,
    element: <Outlet />,
    children: [
      {
        path: ':locale?',
        loader: ({ params }) => {
          if (params.locale && !['de', 'pt-br'].includes(params.locale)) throw data({ kind: 'route' }, { status: 404 });
          return null;
        },
        element: <Outlet />,
        children: [
          { index: true, element: <Page name="home" /> },
          { path: 'bonuses', element: <Page name="bonuses" /> },
          { path: 'games/:id', lazy: async () => ({ Component: () => <Page name="game" /> }) },
          { path: 'old', loader: () => redirect('/bonuses'), element: null },
          {
            path: 'profile',
            element: (
              <>
                <NavLink to="info" className={({ isActive }) => (isActive ? 'on' : 'off')}>
                  Info
                </NavLink>
                <Link to="/bonuses">Bonuses</Link>
                <Outlet />
              </>
            ),
            children: [{ path: 'info', element: <Page name="info" /> }],
          },
          { path: '*', loader: () => Promise.reject(data(null, { status: 404 })), element: null },
        ],
      },
    ],
  },
];

async function show(path: string) {
  const router = createMemoryRouter(table(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  await act(() => settled(router));
  return router;
}

describe('router', () => {
  it('ranks a static path above an optional locale, and matches the locale prefix too', async () => {
    await show('/bonuses');
    expect(screen.getByText('bonuses {}')).toBeInTheDocument();
  });

  it('reads the locale and a lazy route’s params, case-insensitively and with a trailing slash', async () => {
    await show('/de/GAMES/Fire%20Joker/');
    expect(screen.getByText('game {"locale":"de","id":"Fire Joker"}')).toBeInTheDocument();
  });

  it('shows the closest error element for a loader’s 404, at the route that failed or above it', async () => {
    await show('/zz');
    expect(screen.getByRole('alert')).toHaveTextContent('status 404');
  });

  it('follows a loader’s redirect, replacing the first URL', async () => {
    const router = await show('/old');
    expect(router.state.location.pathname).toBe('/bonuses');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('resolves relative links against the route, marks the current page, and goes back', async () => {
    const router = await show('/de/profile/info');
    expect(screen.getByRole('link', { name: 'Info' })).toHaveAttribute('href', '/de/profile/info');
    expect(screen.getByRole('link', { name: 'Info' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Info' })).toHaveClass('on');
    await act(async () => screen.getByRole('link', { name: 'Bonuses' }).click());
    await act(() => settled(router));
    expect(router.state.location.pathname).toBe('/bonuses');
    expect(router.state.historyAction).toBe('PUSH');
    await act(() => router.navigate(-1));
    await act(() => settled(router));
    expect(router.state.location.pathname).toBe('/de/profile/info');
  });

  it('runs only the loaders a navigation needs: none for a new path under the same layouts, all for a new query', async () => {
    const router = await show('/bonuses');
    void router.navigate('/profile/info');
    // Committed in the same call, so a navigation right after builds on it.
    expect(router.state.location.pathname).toBe('/profile/info');
    void router.navigate('/profile/info?tab=2');
    expect(router.state.navigation.state).toBe('loading');
    await act(() => settled(router));
    expect(router.state.location.search).toBe('?tab=2');
    void router.navigate('/de/profile/info');
    expect(router.state.navigation.state).toBe('loading'); // the locale layout matched another part
    await act(() => settled(router));
  });

  it('lets a newer navigation win over one still loading', async () => {
    let release!: () => void;
    const router = createMemoryRouter([
      { path: '/', element: <Page name="home" /> },
      {
        path: '/slow',
        loader: () => new Promise<void>((resolve) => (release = resolve)),
        element: <Page name="slow" />,
      },
      { path: '/fast', element: <Page name="fast" /> },
    ]);
    render(<RouterProvider router={router} />);
    const slow = router.navigate('/slow');
    expect(router.state.navigation.state).toBe('loading');
    await act(() => router.navigate('/fast'));
    release();
    await act(() => slow);
    expect(router.state.location.pathname).toBe('/fast');
    expect(screen.getByText('fast {}')).toBeInTheDocument();
  });
});
