import {
  agendamentoSchema, DIAS_SEMANA, FREQUENCIAS_RELATORIO, MSG, PERIODOS_RELATORIO, REPORT_GROUPS, type ReportDef, reportByKey, todayBusiness,
} from '@concilia/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Autocomplete, Box, Button, Checkbox, Chip, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, ListSubheader, MenuItem,
  Radio, RadioGroup, Stack, TextField, Typography,
} from '@mui/material';
import { type ReactNode, useMemo } from 'react';
import { Controller, type Control, type Resolver, useController, useForm, useWatch } from 'react-hook-form';
import { useNotifier } from '../../app/notifications';
import { useProcessing } from '../../app/processing';
import { ApiError } from '../../lib/api-client';
import { RightDrawer } from '../../registers/drawers/right-drawer';
import { BooleanField } from '../../registers/fields/boolean-field';
import { DateField } from '../../registers/fields/date-field';
import type { Values } from '../../registers/fields/field-props';
import { MaskedTextField } from '../../registers/fields/masked-text-field';
import { showServerError } from '../auth/server-errors';
import { FormatRadio, reportFilterResolver } from './gerar-relatorio-tab';
import { initialReportFilter, storedReportFilter } from './report-filter';
import { ReportFilterFields } from './report-filter-fields';
import { type AgendamentoInput, type AgendamentoRelatorio, saveAgendamento } from './report-operations';

/** What the drawer opens with: a new schedule (from the catalogue's report, perhaps with a filter typed on Gerar) or one to edit. */
export type AgendamentoAbrir =
  | { modo: 'novo'; relatorio: string; filtro?: Values; formato?: string }
  | { modo: 'editar'; agendamento: AgendamentoRelatorio };

type Props = { reports: readonly ReportDef[]; abrir: AgendamentoAbrir; onClose: () => void; onSaved: (a: AgendamentoRelatorio) => void };

/** The schedule's own fields plus the report's filter under `filtro` (stored as `parametros`, its JSON). */
type FormValues = Values & {
  codagendamento: number | null;
  relatorio: string;
  filtro: Values;
  periodo: string;
  formato: string;
  frequencia: string;
  dias: number[];
  diames: number | null;
  hora: string;
  validade: string | null;
  emails: string[];
  ativo: boolean;
};

/** A new schedule runs before the working day, so the file is waiting when the team arrives; the hour is the user's to change. */
const HORA_PADRAO = '07:00';

function startValues(reports: readonly ReportDef[], abrir: AgendamentoAbrir): FormValues {
  if (abrir.modo === 'editar') {
    const a = abrir.agendamento;
    const def = reportByKey(a.relatorio);
    return {
      codagendamento: a.codagendamento, relatorio: a.relatorio, filtro: def ? storedReportFilter(def, a.parametros) : {}, periodo: a.periodo, formato: a.formato,
      frequencia: a.frequencia, dias: a.dias ?? [], diames: a.diames, hora: a.hora, validade: a.validade, emails: a.emails, ativo: a.ativo,
    };
  }
  const def = reportByKey(abrir.relatorio) ?? reports[0];
  const formato = abrir.formato && def?.formats.includes(abrir.formato as never) ? abrir.formato : (def?.formats[0] ?? 'xlsx');
  return {
    codagendamento: null, relatorio: def?.key ?? '', filtro: abrir.filtro ?? (def ? initialReportFilter(def) : {}), periodo: 'FIXO', formato,
    frequencia: 'D', dias: [], diames: null, hora: HORA_PADRAO, validade: null, emails: [], ativo: true,
  };
}

/** Only the chosen frequency's days travel: a weekly schedule turned monthly forgets its weekdays. */
const slotOf = (v: FormValues) => ({
  dias: v.frequencia === 'S' ? [...new Set(v.dias)].sort((a, b) => a - b) : [],
  diames: v.frequencia === 'M' ? v.diames : null,
});

/** A report filtered by De/Até may take them from each run's day instead (Ontem, Últimos 7 dias…). */
const temPeriodo = (def: ReportDef | undefined) => !!def && 'de' in def.filter && 'ate' in def.filter;

const hasErrors = (e: object | undefined) => !!e && Object.keys(e).length > 0;

const scheduleResolver = zodResolver(agendamentoSchema as never) as unknown as Resolver<Values>;

/**
 * Both rules at once: the chosen report's filter by its declaration's schema (reportFilterSchema), and the
 * schedule by agendamentoSchema, the API's, with that checked filter as its parametros. Each error lands on its
 * own field. The report is read from the values, so the rule follows the select.
 */
const agendamentoResolver: Resolver<FormValues> = async (values, ctx, opts) => {
  const def = reportByKey(values.relatorio);
  const nested = (opts.fields as Record<string, unknown> | undefined)?.filtro;
  const filtro = def
    ? await reportFilterResolver(def)(values.filtro ?? {}, ctx, { ...opts, fields: (nested ?? {}) as never, names: undefined })
    : { values: {}, errors: {} };
  const filtroValues = hasErrors(filtro.errors) ? {} : (filtro.values as Values);
  const own = await scheduleResolver({ ...values, ...slotOf(values), parametros: JSON.stringify(filtroValues) }, ctx, opts as never);
  const errors = { ...own.errors, ...(hasErrors(filtro.errors) ? { filtro: filtro.errors } : {}) };
  if (hasErrors(errors)) return { values: {}, errors } as never;
  return { values: { ...(own.values as Values), filtro: filtroValues }, errors: {} } as never;
};

const SCHEDULE_FIELDS = ['relatorio', 'periodo', 'formato', 'frequencia', 'dias', 'diames', 'hora', 'validade', 'emails', 'ativo'];

/**
 * The server's issue paths on this form's fields: an address of the list is the list's; the stored filter's
 * issues come as the report's own call says them ('ate', or 'parametros.ate') and go to `filtro.<field>`.
 */
function onFormFields(err: unknown, def: ReportDef | undefined): unknown {
  if (!(err instanceof ApiError)) return err;
  const filtro = (path: string) => (def && path in def.filter && !SCHEDULE_FIELDS.includes(path) ? `filtro.${path}` : path);
  const issues = err.issues.map((i) => ({
    ...i,
    path: filtro(i.path.replace(/^emails\.\d+$/, 'emails').replace(/^dias\.\d+$/, 'dias').replace(/^parametros\./, '')),
  }));
  return new ApiError(err.message, err.code, issues);
}

/**
 * The schedule form in the right drawer (spec part 2 §3 "report schedule"): the report, its filter by the same
 * widgets as Gerar, the format, when it runs (Diário / Semanal with weekdays / Mensal with the day of the month, at
 * HH:MM in São Paulo), until when, to whom, and whether it is on. Saved by salvarRelatorioAgendamento.
 */
export function AgendamentoDrawer({ reports, abrir, onClose, onSaved }: Props) {
  const notifier = useNotifier();
  const processing = useProcessing();
  const start = useMemo(() => startValues(reports, abrir), [reports, abrir]);
  const { control, handleSubmit, setError, setValue, getValues, formState } = useForm<FormValues>({
    defaultValues: start,
    resolver: agendamentoResolver,
  });
  const relatorio = useWatch({ control, name: 'relatorio' });
  const frequencia = useWatch({ control, name: 'frequencia' });
  const def = reportByKey(relatorio);
  const editing = abrir.modo === 'editar';
  const formControl = control as unknown as Control<Values>;

  const trocarRelatorio = (key: string) => {
    const next = reportByKey(key);
    setValue('relatorio', key, { shouldDirty: true });
    setValue('filtro', next ? initialReportFilter(next) : {});
    if (next && !next.formats.includes(getValues('formato') as never)) setValue('formato', next.formats[0] ?? 'xlsx');
  };

  const salvar = handleSubmit(async (v) => {
    const values: AgendamentoInput = {
      codagendamento: v.codagendamento ?? null, relatorio: v.relatorio, parametros: JSON.stringify(v.filtro ?? {}), periodo: temPeriodo(def) ? v.periodo : 'FIXO', formato: v.formato,
      frequencia: v.frequencia, ...slotOf(v), hora: v.hora, validade: v.validade ?? null, emails: v.emails, ativo: v.ativo !== false,
    };
    try {
      const saved = await processing(saveAgendamento(values));
      notifier.success(MSG.agendamentoSalvo);
      onSaved(saved);
    } catch (err) {
      const fields = [...SCHEDULE_FIELDS, ...Object.keys(def?.filter ?? {}).map((n) => `filtro.${n}`)];
      showServerError(onFormFields(err, def), { fields: fields as never, setError, warn: notifier.warning });
    }
  });

  return (
    <RightDrawer open title={editing ? MSG.relatoriosEditarAgendamento : MSG.relatoriosNovoAgendamento} onClose={onClose}>
      <Stack component="form" spacing={2.5} noValidate onSubmit={(e) => void salvar(e)} aria-label={editing ? MSG.relatoriosEditarAgendamento : MSG.relatoriosNovoAgendamento}>
        <Controller
          control={control}
          name="relatorio"
          render={({ field, fieldState }) => (
            <TextField
              select
              fullWidth
              required
              label={MSG.relatoriosColRelatorio}
              name={field.name}
              value={def ? field.value : ''}
              onChange={(e) => trocarRelatorio(e.target.value)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={!!fieldState.error || (!!field.value && !def)}
              helperText={fieldState.error?.message ?? (field.value && !def ? MSG.relatoriosDesconhecido.replace('{relatorio}', field.value) : undefined)}
            >
              {REPORT_GROUPS.flatMap((g) => {
                const items = reports.filter((r) => r.group === g);
                if (!items.length) return [];
                // a Select takes its children flat: each group's heading, then its reports
                return [<ListSubheader key={`g-${g}`}>{g}</ListSubheader>, ...items.map((r) => <MenuItem key={r.key} value={r.key} sx={{ pl: 4 }}>{r.title}</MenuItem>)];
              })}
            </TextField>
          )}
        />
        {def ? (
          <Section legend={MSG.relatoriosParametros} help={MSG.relatoriosParametrosAjuda}>
            {/* keyed by the report: its fields bind afresh to their own first values */}
            <ReportFilterFields key={def.key} def={def} control={formControl} prefix="filtro." columns={2} />
          </Section>
        ) : null}
        {def && temPeriodo(def) ? (
          <Controller
            control={control}
            name="periodo"
            render={({ field }) => (
              <TextField
                select fullWidth label={MSG.agendamentoPeriodo} name={field.name} value={field.value ?? 'FIXO'}
                onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} inputRef={field.ref}
                helperText={field.value && field.value !== 'FIXO' ? MSG.relatoriosPeriodoRelativoAjuda : undefined}
              >
                {PERIODOS_RELATORIO.map((p) => <MenuItem key={p.valor} value={p.valor}>{p.label}</MenuItem>)}
              </TextField>
            )}
          />
        ) : null}
        {def ? (
          <Controller
            control={control}
            name="formato"
            render={({ field }) => <FormatRadio id="agendamento-formato" formats={def.formats} value={field.value} onChange={field.onChange} />}
          />
        ) : null}
        <Section legend={MSG.relatoriosEnvio}>
          <Controller
            control={control}
            name="frequencia"
            render={({ field, fieldState }) => (
              <FormControl error={!!fieldState.error}>
                <FormLabel id="agendamento-frequencia">{MSG.relatoriosColFrequencia}</FormLabel>
                <RadioGroup row aria-labelledby="agendamento-frequencia" name={field.name} value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                  {FREQUENCIAS_RELATORIO.map((f) => <FormControlLabel key={f.valor} value={f.valor} control={<Radio />} label={f.label} />)}
                </RadioGroup>
                {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
              </FormControl>
            )}
          />
          {frequencia === 'S' ? <DiasField control={control} /> : null}
          {frequencia === 'M' ? <DiaMesField control={control} /> : null}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <MaskedTextField
              control={formControl}
              name="hora"
              label={MSG.relatoriosHora}
              required
              toText={(v) => (typeof v === 'string' ? v : '')}
              fromTyped={maskHora}
              placeholder={MSG.relatoriosHoraPlaceholder}
              inputMode="numeric"
              maxLength={5}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <DateField control={formControl} name="validade" label={MSG.relatoriosValidade} min={todayBusiness()} />
          </Box>
          <Typography variant="caption" color="text.secondary">{MSG.relatoriosValidadeAjuda}</Typography>
          <EmailsField control={control} />
          <BooleanField control={formControl} name="ativo" label={MSG.relatoriosAtivo} />
        </Section>
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>{MSG.listaSalvar}</Button>
        </Stack>
      </Stack>
    </RightDrawer>
  );
}

function Section({ legend, help, children }: { legend: string; help?: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>{legend}</Typography>
      {help ? <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 2 }}>{help}</Typography> : null}
      <Stack spacing={2}>{children}</Stack>
    </Box>
  );
}

/** 'HH:MM' as it is typed: digits only, the colon put in by the field. */
export function maskHora(raw: string): { text: string; value: string } {
  const d = raw.replace(/\D/g, '').slice(0, 4);
  const text = d.length > 2 ? `${d.slice(0, 2)}:${d.slice(2)}` : d;
  return { text, value: text };
}

function DiasField({ control }: { control: Control<FormValues> }) {
  const { field, fieldState } = useController({ control, name: 'dias' });
  const dias = Array.isArray(field.value) ? field.value : [];
  const set = (next: number[]) => field.onChange([...new Set(next)].sort((a, b) => a - b));
  return (
    <FormControl component="fieldset" error={!!fieldState.error} required>
      <FormLabel component="legend">{MSG.relatoriosDias}</FormLabel>
      <FormGroup row>
        {DIAS_SEMANA.map((d) => (
          <FormControlLabel
            key={d.valor}
            label={d.label}
            sx={{ minWidth: 140 }}
            control={
              <Checkbox
                name={`dias-${d.valor}`}
                checked={dias.includes(d.valor)}
                onChange={(e) => set(e.target.checked ? [...dias, d.valor] : dias.filter((x) => x !== d.valor))}
                onBlur={field.onBlur}
              />
            }
          />
        ))}
      </FormGroup>
      {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
    </FormControl>
  );
}

const DIAS_DO_MES = Array.from({ length: 31 }, (_, i) => i + 1);

function DiaMesField({ control }: { control: Control<FormValues> }) {
  const { field, fieldState } = useController({ control, name: 'diames' });
  return (
    <TextField
      select
      required
      label={MSG.relatoriosDiaMes}
      name={field.name}
      value={field.value ?? ''}
      onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? MSG.relatoriosDiaMesAjuda}
      sx={{ maxWidth: 220 }}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value=""><em>{MSG.campoSelecione}</em></MenuItem>
      {DIAS_DO_MES.map((d) => <MenuItem key={d} value={d}>{d}</MenuItem>)}
    </TextField>
  );
}

/** Several addresses typed or pasted at once ('a@x.com; b@y.com'): split, trimmed, each once. */
export function splitEmails(items: readonly string[]): string[] {
  const all = items.flatMap((s) => s.split(/[\s,;]+/)).map((s) => s.trim()).filter(Boolean);
  return [...new Set(all)];
}

/**
 * The addresses as chips: Enter, a comma or leaving the field adds what was typed; an address the schema refuses
 * is the red chip, and its message is said below.
 */
function EmailsField({ control }: { control: Control<FormValues> }) {
  const { field, fieldState } = useController({ control, name: 'emails' });
  const emails = Array.isArray(field.value) ? field.value : [];
  // the list's own error ('Informe ao menos um e-mail.') or, per address, an array of them
  const raw = fieldState.error as unknown;
  const itemErrors = Array.isArray(raw) ? (raw as ({ message?: string } | undefined)[]) : [];
  const message = (raw as { message?: string } | undefined)?.message ?? itemErrors.find(Boolean)?.message;
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      autoSelect
      options={[]}
      value={emails}
      onChange={(_e, items) => field.onChange(splitEmails(items))}
      onBlur={field.onBlur}
      renderValue={(value, getItemProps) =>
        value.map((email, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} {...props} size="small" label={email} color={itemErrors[index] ? 'error' : 'default'} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={MSG.relatoriosEmails}
          required
          name={field.name}
          inputRef={field.ref}
          error={!!message}
          helperText={message ?? MSG.relatoriosEmailsAjuda}
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps?.inputLabel, shrink: true } }}
        />
      )}
    />
  );
}
