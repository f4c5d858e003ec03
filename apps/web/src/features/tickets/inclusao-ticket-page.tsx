import { MSG, ROUTES, type TicketHeader, type TicketLine, ticketLineSchemaToday } from '@concilia/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Card, CardContent, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type Control, useForm, useWatch } from 'react-hook-form';
import { useNotifier } from '../../app/notifications';
import { useProcessing } from '../../app/processing';
import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import { DateField } from '../../registers/fields/date-field';
import { MoneyField } from '../../registers/fields/decimal-field';
import type { Values } from '../../registers/fields/field-props';
import { NumberField } from '../../registers/fields/number-field';
import { SelectField } from '../../registers/fields/select-field';
import { RegisterTextField } from '../../registers/fields/text-field';
import { TicketEntryList } from './ticket-entry-list';
import { PageHeading } from '../../app/page-heading';

/** Labels of the manual ticket forms (spec part 1 §3 "Manual ticket", §5). */
const L = {
  unidade: 'Unidade Conciliadora', operadora: 'Operadora', codexterno: 'Código de Cliente', bandeira: 'Bandeira', nsu: 'NSU', tid: 'TID',
  autorizacao: 'Autorização', parcelas: 'Total de Parcelas', datavenda: 'Data Venda', valor: 'Valor', adicionar: 'Adicionar Ticket',
};

const EMPTY_LINE = { codBandeira: null, nsu: '', tid: '', autorizacao: '', quantidadeParcelas: 1, datavenda: '', valor: null, codOperadora: null };

/** The client-code form: unit, operator, then the client code; choosing a code sets the header (empty: the warning). */
function HeaderForm({ onHeader }: { onHeader: (h: TicketHeader | null) => void }) {
  const { control, setValue } = useForm<Values>({ defaultValues: { codpessoa: null, codoperadora: null, codexterno: null } });
  const [codpessoa, codoperadora, codexterno] = useWatch({ control, name: ['codpessoa', 'codoperadora', 'codexterno'] }) as [number | null, number | null, string | null];
  const codes = useQuery({
    queryKey: ['options', 'listarItensConciliadoresCodExterno', codpessoa, codoperadora],
    queryFn: async () => (await call(OPS.listarItensConciliadoresCodExterno, { codpessoa, codOperadora: codoperadora })).listarItensConciliadoresCodExterno,
    enabled: codpessoa !== null && codoperadora !== null,
  });
  // a new unit or operator makes the chosen code meaningless
  useEffect(() => setValue('codexterno', null), [codpessoa, codoperadora, setValue]);
  const notifier = useNotifier();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (previous.current === codexterno) return;
    const had = previous.current !== null;
    previous.current = codexterno;
    if (codexterno && codpessoa !== null && codoperadora !== null) onHeader({ codpessoa, codoperadora, codexterno });
    else {
      onHeader(null);
      if (had) notifier.warning(MSG.ticketSelecioneCliente);
    }
  }, [codexterno, codpessoa, codoperadora, onHeader, notifier]);

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <SelectField control={control} name="codpessoa" label={L.unidade} optionList="listarItensUnidadesConciliadoras" valueKind="int" required />
      <SelectField control={control} name="codoperadora" label={L.operadora} optionList="listarOperadoras" valueKind="int" required />
      <SelectField control={control} name="codexterno" label={L.codexterno} options={codes.data ?? []} valueKind="string" required
        disabled={codpessoa === null || codoperadora === null} />
    </Stack>
  );
}

/** One ticket: 'Adicionar Ticket' stays disabled while the form is invalid (spec part 1 §5). */
function LineForm({ header, onAdd }: { header: TicketHeader; onAdd: (line: TicketLine) => void }) {
  const { control, handleSubmit, reset, setValue, formState } = useForm<Values>({
    resolver: zodResolver(ticketLineSchemaToday) as never, mode: 'onChange', defaultValues: { ...EMPTY_LINE, codOperadora: header.codoperadora },
  });
  useEffect(() => setValue('codOperadora', header.codoperadora), [header.codoperadora, setValue]);
  const c = control as Control<Values>;
  const add = handleSubmit((v) => {
    onAdd(v as unknown as TicketLine);
    reset({ ...EMPTY_LINE, codOperadora: header.codoperadora });
  });
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(e) => void add(e)} aria-label="Ticket">
      <SelectField control={c} name="codBandeira" label={L.bandeira} optionList="listarBandeiras" optionListArg="codOperadora" valueKind="int" required />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <RegisterTextField control={c} name="nsu" label={L.nsu} />
        <RegisterTextField control={c} name="tid" label={L.tid} />
        <RegisterTextField control={c} name="autorizacao" label={L.autorizacao} required />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <NumberField control={c} name="quantidadeParcelas" label={L.parcelas} required />
        <DateField control={c} name="datavenda" label={L.datavenda} required />
        <MoneyField control={c} name="valor" label={L.valor} />
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={!formState.isValid}>{L.adicionar}</Button>
      </Stack>
    </Stack>
  );
}

/**
 * Incluir Ticket (spec part 1 "File and ticket screens" 7): the client-code form, then — once a client code is
 * chosen — the ticket form adding to a side list (255 px) where each ticket can be removed; Salvar sends the
 * list (incluirTicket) and clears it. A failed save is silent (spec §8); the tickets stay listed to try again.
 */
export function InclusaoTicketPage() {
  const [header, setHeader] = useState<TicketHeader | null>(null);
  const [lines, setLines] = useState<TicketLine[]>([]);
  const notifier = useNotifier();
  const processing = useProcessing();

  const save = async () => {
    if (!header || !lines.length) return;
    try {
      await processing(call(OPS.incluirTicket, { values: header, tickets: lines }, { silent: true }));
      notifier.success(lines.length === 1 ? MSG.ticketSalvo : MSG.ticketsSalvos);
      setLines([]);
    } catch {
      // the spec swallows a failed save
    }
  };

  return (
    <Stack spacing={2}>
      <PageHeading>{ROUTES.inclusaoTicket.title}</PageHeading>
      <Card variant="outlined">
        <CardContent>
          <HeaderForm onHeader={setHeader} />
        </CardContent>
      </Card>
      {header ? (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Card variant="outlined" sx={{ flex: 1, width: '100%' }}>
            <CardContent>
              <LineForm header={header} onAdd={(l) => setLines((ls) => [...ls, l])} />
            </CardContent>
          </Card>
          <Box sx={{ width: { xs: '100%', md: 255 }, flexShrink: 0 }}>
            <TicketEntryList lines={lines} onRemove={(i) => setLines((ls) => ls.filter((_, j) => j !== i))} onSave={() => void save()} />
          </Box>
        </Stack>
      ) : (
        <Alert severity="info">{MSG.ticketSelecioneCliente}</Alert>
      )}
    </Stack>
  );
}
