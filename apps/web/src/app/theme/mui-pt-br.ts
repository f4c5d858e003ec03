import { formatInteger, MSG } from '@concilia/domain';
import type { ThemeOptions } from '@mui/material/styles';

type PageItem = 'first' | 'last' | 'next' | 'previous' | 'page' | 'start-ellipsis' | 'end-ellipsis';

/** The aria-label of a pagination button: where it goes. */
function pageItemLabel(type: PageItem, page?: number | null, selected?: boolean): string {
  switch (type) {
    case 'first':
      return MSG.muiPrimeiraPagina;
    case 'last':
      return MSG.muiUltimaPagina;
    case 'next':
      return MSG.muiProximaPagina;
    case 'page':
      return (selected ? MSG.muiPagina : MSG.muiIrParaPagina).replace('{n}', String(page ?? ''));
    default:
      return MSG.muiPaginaAnterior;
  }
}

/**
 * The pt-BR texts of the MUI components the pages use, as default props. Declared here instead of taken from
 * `@mui/material/locale`, whose module builds an `Intl.NumberFormat('pt-BR')` when it is evaluated: the first Intl
 * object of a page loads Chromium's ICU data, 100–125 ms of the task that evaluates MUI on a phone-speed CPU,
 * and no page's first screen needs Intl otherwise (numbers and amounts are written by the domain's formatters).
 */
export const MUI_PT_BR: ThemeOptions = {
  components: {
    MuiBreadcrumbs: { defaultProps: { expandText: MSG.muiMostrarCaminho } },
    MuiTablePagination: {
      defaultProps: {
        getItemAriaLabel: (type) => pageItemLabel(type),
        labelRowsPerPage: MSG.tabelaLinhasPorPagina,
        labelDisplayedRows: ({ from, to, count }) => (count === -1 ? MSG.muiLinhasExibidasMaisDe : MSG.muiLinhasExibidas)
          .replace('{de}', formatInteger(from)).replaceAll('{ate}', formatInteger(to)).replace('{total}', formatInteger(count)),
      },
    },
    MuiAutocomplete: {
      defaultProps: {
        clearText: MSG.muiLimpar, closeText: MSG.muiFechar, loadingText: MSG.muiCarregando, noOptionsText: MSG.muiSemOpcoes, openText: MSG.muiAbrir,
      },
    },
    MuiAlert: { defaultProps: { closeText: MSG.muiFechar } },
    MuiPagination: { defaultProps: { 'aria-label': MSG.muiPaginacao, getItemAriaLabel: pageItemLabel } },
  },
};
