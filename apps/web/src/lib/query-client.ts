import { QueryClient } from '@tanstack/react-query';

/** One cache for the whole app, so sign-out can drop every cached answer at once. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
