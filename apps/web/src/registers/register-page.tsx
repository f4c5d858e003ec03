import { MSG, type RegisterAction } from '@concilia/domain';
import FilterAlt from '@mui/icons-material/FilterAlt';
import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import type { MRT_RowSelectionState } from 'material-react-table';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ActionFormDrawer } from './action-form-drawer';
import { ConfirmDialog } from './confirm-dialog';
import { type FabItem, fabItems } from './fab-items';
import { FilterDrawer } from './filter-drawer';
import { filterVariables, initialFilterValues } from './filter-values';
import { FormDrawer } from './form-drawer';
import { PrintStyles } from './print-styles';
import { bucketsKey, fetchList, fetchWholeList, listKey, pending, useBuckets, useRegisterList } from './register-api';
import { RegisterFab } from './register-fab';
import { filterFields, rowIdOf, type Row } from './register-fields';
import type { RegisterScreen } from './registry';
import { ResultBuckets } from './result-buckets';
import { SublistDrawer } from './sublist-drawer';
import { RegisterTable } from './table/register-table';
import { useDeleteRows } from './use-delete-rows';
import { useListPages } from './use-list-pages';
import { useRowAction } from './use-row-action';

type Confirm = { message: string; run: () => Promise<void> };

type Props = {
  screen: RegisterScreen;
  /**
   * values fixed by where the screen is shown (a sublist's parent row): every search is narrowed to them,
   * every new row takes them, and neither the filter nor the form offers them
   */
  fixed?: Row;
  /** shown as a tab of a page that has its own title (Integrações): the register's title is a section heading */
  inTab?: boolean;
};

/**
 * The generic list screen of a register (spec part 1, Generic list screen): title, filter drawer, table,
 * floating actions, side form and confirmations, all read from the declaration. A sublist (RegisterDef.parent)
 * is the same screen inside its parent's full-screen drawer, with the parent row's id `fixed`.
 */
export function RegisterPage({ screen, fixed, inTab }: Props) {
  const { def } = screen;
  const queryClient = useQueryClient();
  // null until the first search of a register that waits for the user's filter
  const [address] = useSearchParams();
  const [initial] = useState(() => ({ ...initialFilterValues(def, undefined, fixed ? undefined : address), ...fixed }));
  const [search, setSearch] = useState<Row | null>(() => (def.skipInitialSearch ? null : filterVariables(def, initial)));
  const pages = useListPages(def);
  const { page, answered } = pages;
  const list = useRegisterList(def, search, page);
  const { serverPages, pagination } = pages;
  // the moment the first answer (a thousand rows) says the search is longer, the table pages on the server and
  // shows what it is given: the first page of that answer, not all of it, until the page's own answer arrives
  const rows = useMemo(() => {
    const all = list.data?.rows ?? [];
    return serverPages && all.length > pagination.pageSize ? all.slice(0, pagination.pageSize) : all;
  }, [list.data, serverPages, pagination.pageSize]);
  useEffect(() => {
    if (!list.isPlaceholderData) answered(list.data);
  }, [list.data, list.isPlaceholderData, answered]);
  const [filterOpen, setFilterOpen] = useState(false);
  const [searching, setSearching] = useState(false);
  const [rowSelection, setRowSelection] = useState<MRT_RowSelectionState>({});
  const [form, setForm] = useState<{ editing: Row | null } | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [opened, setOpened] = useState<{ action: RegisterAction; row: Row; rows: Row[] } | null>(null);
  const deleteRows = useDeleteRows(def, search, page);
  const rowAction = useRowAction(def);
  const buckets = useBuckets(def, search);
  // a file that finished loading in the background changes the result cards too: ask them again then
  const working = pending(def, rows);
  const wasWorking = useRef(false);
  useEffect(() => {
    if (wasWorking.current && !working && search) void queryClient.invalidateQueries({ queryKey: bucketsKey(def, search) });
    wasWorking.current = working;
  }, [working, search, def, queryClient]);
  const bucketField = def.buckets?.field;

  const selected = rows.filter((r) => rowSelection[rowIdOf(def, r)]);
  // a register without filters has nothing to put in the drawer (unless its first search waits for one)
  const hidden = new Set(Object.keys(fixed ?? {}));
  const canFilter = filterFields(def).some(([name]) => !hidden.has(name)) || !!def.skipInitialSearch;

  const runSearch = async (filter: Row): Promise<boolean> => {
    setSearching(true);
    try {
      // a new search starts on its first page
      const first = pages.firstPage;
      const answer = await queryClient.fetchQuery({ queryKey: listKey(def, filter, first), queryFn: () => fetchList(def, filter, first), staleTime: 0 });
      setSearch(filter);
      pages.restart();
      answered(answer);
      setRowSelection({});
      return true;
    } catch {
      return false; // the shell's error rules have told the user why
    } finally {
      setSearching(false);
    }
  };

  const pick = (item: FabItem) => {
    if (item.kind === 'add') setForm({ editing: null });
    else if (item.kind === 'edit') setForm({ editing: selected[0]! });
    else if (item.kind === 'delete') {
      const targets = selected;
      setConfirm({
        message: targets.length === 1 ? MSG.listaConfirmaExcluirUm : MSG.listaConfirmaExcluirVarios,
        run: async () => {
          setRowSelection({});
          await deleteRows(targets);
        },
      });
    } else if (item.kind === 'action' && (item.action.kind === 'open' || item.action.kind === 'sublist' || item.action.kind === 'form')) {
      setOpened({ action: item.action, row: selected[0] ?? {}, rows: selected });
    } else if (item.kind === 'action') {
      const targets = item.action.scope === 'none' ? [] : selected;
      const filter = search;
      const run = async () => {
        if (item.action.kind !== 'download') setRowSelection({});
        await rowAction(item.action, targets, filter);
      };
      if (item.action.confirm) setConfirm({ message: item.action.confirm, run });
      else void run();
    }
  };

  const activeBucket = bucketField && search && typeof search[bucketField] === 'string' ? (search[bucketField] as string) : null;
  /** A result card narrows the current search to its result (or widens it again). */
  const pickBucket = (valor: string | null) => {
    if (!bucketField || !search) return;
    const { [bucketField]: _old, ...rest } = search;
    void runSearch(valor === null ? rest : { ...rest, [bucketField]: valor });
  };
  const refresh = () => {
    if (search) void queryClient.invalidateQueries({ queryKey: ['register', def.key] });
  };
  const Open = opened && opened.action.kind === 'open' ? screen.opens?.[opened.action.key] : undefined;
  const Toolbar = screen.Toolbar;

  const saved = () => {
    setForm(null);
    if (search) void queryClient.invalidateQueries({ queryKey: listKey(def, search, page) });
  };

  return (
    <Box sx={{ pb: 10 }}>
      <PrintStyles />
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant={fixed || inTab ? 'h5' : 'h4'} component={fixed ? 'h3' : inTab ? 'h2' : 'h1'} sx={{ fontWeight: 600, flexGrow: 1 }}>{def.title}</Typography>
        {Toolbar ? <Toolbar def={def} onChanged={refresh} /> : null}
        {canFilter ? (
          <Tooltip title={MSG.listaAbrirFiltro}>
            <IconButton aria-label={MSG.listaAbrirFiltro} onClick={() => setFilterOpen(true)} data-print-hide>
              <FilterAlt />
            </IconButton>
          </Tooltip>
        ) : null}
      </Stack>
      <FilterDrawer def={def} initial={initial} open={filterOpen} searching={searching} onClose={() => setFilterOpen(false)}
        onSearch={(filter) => runSearch({ ...filter, ...fixed })} hidden={hidden}
        bucket={bucketField ? { name: bucketField, value: activeBucket } : undefined}
      />
      {def.buckets ? (
        <ResultBuckets
          buckets={buckets.data ?? []}
          active={activeBucket}
          onPick={pickBucket}
        />
      ) : null}
      <RegisterTable
        def={def}
        rows={rows}
        loading={list.isFetching}
        searched={search !== null}
        rowSelection={rowSelection}
        onRowSelectionChange={setRowSelection}
        pagination={pages.pagination}
        onPaginationChange={pages.setPagination}
        serverTotal={pages.serverPages ? (list.data?.total ?? 0) : null}
        wholeList={search ? () => fetchWholeList(def, search) : undefined}
      />
      {/* MUI names a speed dial's actions by ids made from its label: one at a time, or a sublist's would take the page's names */}
      {opened?.action.kind === 'sublist' ? null : <RegisterFab items={fabItems(def, selected.length, selected)} onPick={pick} />}
      {Open && opened ? <Open def={def} row={opened.row} rows={opened.rows} onClose={() => setOpened(null)} /> : null}
      {opened && opened.action.kind === 'sublist' ? (
        <SublistDrawer parent={def} action={opened.action} row={opened.row} onClose={() => setOpened(null)} />
      ) : null}
      {opened && opened.action.kind === 'form' ? (
        <ActionFormDrawer def={def} action={opened.action} row={opened.row} onClose={() => setOpened(null)} onDone={() => {
          setOpened(null);
          refresh();
        }} />
      ) : null}
      <FormDrawer
        def={def}
        open={form !== null}
        editing={form?.editing ?? null}
        searchValues={search}
        onClose={() => setForm(null)}
        onSaved={saved}
        FormFields={screen.FormFields}
        fixed={fixed}
      />
      <ConfirmDialog
        open={confirm !== null}
        message={confirm?.message ?? ''}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          const run = confirm?.run;
          setConfirm(null);
          void run?.();
        }}
      />
    </Box>
  );
}
