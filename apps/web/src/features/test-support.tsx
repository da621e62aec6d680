/**
 * Test helpers for feature components: the real query cache, router and i18n, a modal rendered the
 * way the modal host renders it (inside a Radix dialog), and the current URL on screen to assert on.
 * The API these components call is MSW's (test-api.ts).
 */
import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from '@/shared/router';
import { queryClient } from '@/shared/lib/query-client.ts';
import '@/shared/i18n/i18n.ts';

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function renderInModal(ui: ReactNode, url = '/') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Location />
            <Dialog.Root open>
              <Dialog.Content aria-describedby={undefined}>{ui}</Dialog.Content>
            </Dialog.Root>
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  return renderRouter(router);
}

/** Renders a router inside the app's query cache, as App does. */
export function renderRouter(router: ReturnType<typeof createMemoryRouter>) {
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
