import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';

/** Public settings the login page needs before anyone signs in (which bot check, its site key). */
export function useAppConfig() {
  return useQuery({
    queryKey: ['getAppConfig'],
    queryFn: async () => (await call(OPS.getAppConfig)).getAppConfig,
    staleTime: Infinity,
  });
}
