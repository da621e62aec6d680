import { QueryClient } from '@tanstack/react-query';

/** One query cache for the app: push handlers write into it, so a pushed value shows everywhere. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
