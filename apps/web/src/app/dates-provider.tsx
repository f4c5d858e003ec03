import 'dayjs/locale/pt-br';
import { LocalizationProvider } from '@mui/x-date-pickers';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import type { ReactNode } from 'react';

/**
 * The date pickers' adapter and locale (material-react-table's date filters read them). Around the register
 * table (registers/table/register-table.tsx), its one user, so that dayjs and the pickers travel with the
 * register screens' chunk, not with the sign-in page's, the shell's or the dashboard's.
 */
export function DatesProvider({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="pt-br">
      {children}
    </LocalizationProvider>
  );
}
