import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './app/routes.tsx';

/**
 * Renders a path of the app as a visitor first sees it, before any data arrived: the build writes the
 * home page's markup into the page it serves for `/`, so the first screen paints before any script
 * runs (scripts/build-web.mjs). The browser then renders the same page over it (main.tsx).
 */
export async function render(url: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`prerender of ${url} answered ${context.status}`);
  if (context.errors) throw Object.values(context.errors)[0] as Error;
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </QueryClientProvider>,
  );
}
