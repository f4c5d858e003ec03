import { MSG } from '@concilia/domain';
import type { MRT_Localization } from 'material-react-table';
import { MRT_Localization_PT_BR } from 'material-react-table/locales/pt-BR';

/**
 * MRT's pt-BR texts with the spec's own table texts laid over them (spec part 1, Generic list screen):
 * the words users of the old screens know ('Procurar', 'Exibir Colunas', 'linha(s) selecionadas', …).
 */
export const TABLE_LOCALIZATION: MRT_Localization = {
  ...MRT_Localization_PT_BR,
  noRecordsToDisplay: MSG.tabelaSemResultados,
  noResultsFound: MSG.tabelaSemResultados,
  rowsPerPage: MSG.tabelaLinhasPorPagina,
  of: MSG.tabelaDe,
  search: MSG.tabelaProcurar,
  showHideSearch: MSG.tabelaProcurar,
  showHideColumns: MSG.tabelaExibirColunas,
  showHideFilters: MSG.tabelaFiltrar,
  selectedCountOfRowCountRowsSelected: MSG.tabelaLinhasSelecionadas.replace('{n}', '{selectedCount}'),
};
