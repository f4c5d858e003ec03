import { GlobalStyles } from '@mui/material';

/**
 * 'Imprimir' prints the page as it is; these rules leave out the shell (top bar, menu, breadcrumb) and the
 * screen's controls, so the paper holds the title and the table.
 */
export function PrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '@media print': {
          '.MuiAppBar-root, .MuiDrawer-root, .MuiSpeedDial-root, .MuiSnackbar-root, [data-testid="breadcrumb"], [data-print-hide], .MuiTablePagination-root, .MuiToolbar-root > .MuiToolbar-root':
            { display: 'none !important' },
          'main': { margin: '0 !important', padding: '0 !important' },
          'main > .MuiToolbar-root': { display: 'none !important' },
          '.MuiPaper-root': { boxShadow: 'none !important' },
        },
      }}
    />
  );
}
