import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '@/shared/router';
import { routes } from './app/routes.tsx';

/**
 * Renders a path of the app as a visitor first sees it, before any data arrived: the build writes the
 * home page's markup into the page it serves for `/`, so the first screen paints before any script
 * runs (scripts/build-web.mjs). The browser then renders the same page over it (main.tsx).
 */
export async function render(url: string): Promise<string> {
  const { pathname, search } = new URL(url);
  const router = createMemoryRouter(routes, { initialEntries: [pathname + search] });
  await router.ready();
  if (router.state.error) throw router.state.error.value as Error;
  if (router.state.location.pathname !== pathname) throw new Error(`prerender of ${url} redirected`);
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
