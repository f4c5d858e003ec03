import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { SESSION_OPS } from '../../lib/operations-session';

/** Public settings the login page needs before anyone signs in (which bot check, its site key). */
export function useAppConfig() {
  return useQuery({
    queryKey: ['getAppConfig'],
    queryFn: async () => (await call(SESSION_OPS.getAppConfig)).getAppConfig,
    staleTime: Infinity,
  });
}
