import 'dayjs/locale/pt-br';
import { LocalizationProvider } from '@mui/x-date-pickers';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import type { ReactNode } from 'react';

/**
 * The date pickers' adapter and locale (material-react-table's date filters read them). Apart from
 * AppProviders so that dayjs and the pickers travel with the shell's chunk, not with the sign-in page's.
 */
export function DatesProvider({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="pt-br">
      {children}
    </LocalizationProvider>
  );
}
