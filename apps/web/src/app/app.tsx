import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@/shared/router';
import type { createAppRouter } from './router.tsx';
import { queryClient } from '@/shared/lib/query-client.ts';

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
