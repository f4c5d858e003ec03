import { MSG, REPORT_FORMATS, type ReportDef, reportFilterSchema } from '@concilia/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box, Button, Card, CardContent, Chip, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack, Typography,
} from '@mui/material';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useNotifier } from '../../app/notifications';
import { useProcessing } from '../../app/processing';
import { showServerError } from '../auth/server-errors';
import type { Values } from '../../registers/fields/field-props';
import { startDownload } from '../../registers/start-download';
import { ReportCatalogueList } from './report-catalogue-list';
import { initialReportFilter, reportFilterWire } from './report-filter';
import { ReportFilterFields } from './report-filter-fields';
import { generateReport } from './report-operations';

const RESOLVERS = new WeakMap<ReportDef, Resolver<Values>>();

/** The filter form's resolver: the declaration's one schema (the API checks it again), over the filter as the wire carries it. */
export function reportFilterResolver(def: ReportDef): Resolver<Values> {
  let r = RESOLVERS.get(def);
  if (!r) {
    const zr = zodResolver(reportFilterSchema(def) as never) as unknown as Resolver<Values>;
    r = (values, ctx, opts) => zr(reportFilterWire(def, values), ctx, opts);
    RESOLVERS.set(def, r);
  }
  return r;
}

const formatLabel = (valor: string) => REPORT_FORMATS.find((f) => f.valor === valor)?.label ?? valor.toUpperCase();

type FormatProps = { id: string; formats: readonly string[]; value: string; onChange: (v: string) => void };

/** The formats a report offers, labelled as REPORT_FORMATS says. */
export function FormatRadio({ id, formats, value, onChange }: FormatProps) {
  return (
    <FormControl>
      <FormLabel id={id}>{MSG.relatoriosFormato}</FormLabel>
      <RadioGroup row aria-labelledby={id} name={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {formats.map((f) => <FormControlLabel key={f} value={f} control={<Radio />} label={formatLabel(f)} />)}
      </RadioGroup>
    </FormControl>
  );
}

type Props = {
  reports: readonly ReportDef[];
  def: ReportDef | null;
  onSelect: (key: string) => void;
  /** 'Agendar': the schedule form with this report and the filter as typed */
  onSchedule: (def: ReportDef, filtro: Values, formato: string) => void;
};

/** 'Gerar relatório': the catalogue on the left, the chosen generator's filter and format on the right. */
export function GerarRelatorioTab({ reports, def, onSelect, onSchedule }: Props) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '300px minmax(0, 1fr)' }, alignItems: 'start' }}>
      <Card variant="outlined">
        <CardContent sx={{ maxHeight: { md: 'calc(100vh - 300px)' }, minHeight: { md: 320 }, display: 'flex', flexDirection: 'column', '&:last-child': { pb: 2 } }}>
          <ReportCatalogueList reports={reports} selected={def?.key ?? null} onSelect={onSelect} />
        </CardContent>
      </Card>
      {/* keyed by the report: another generator starts from its own first values */}
      {def ? <GerarRelatorioForm key={def.key} def={def} onSchedule={onSchedule} /> : null}
    </Box>
  );
}

function GerarRelatorioForm({ def, onSchedule }: { def: ReportDef; onSchedule: Props['onSchedule'] }) {
  const notifier = useNotifier();
  const processing = useProcessing();
  const [formato, setFormato] = useState<string>(def.formats[0] ?? 'xlsx');
  const { control, handleSubmit, setError, getValues, formState } = useForm<Values>({ defaultValues: initialReportFilter(def), resolver: reportFilterResolver(def) });

  const gerar = handleSubmit(async (filtro) => {
    try {
      const r = await processing(generateReport(def, filtro, formato));
      startDownload(r.download);
      notifier.success(r.mensagem);
    } catch (err) {
      showServerError(err, { fields: Object.keys(def.filter), setError, warn: notifier.warning });
    }
  });

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack component="form" spacing={3} noValidate onSubmit={(e) => void gerar(e)} aria-label={def.title}>
          <Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
              <Typography variant="h6" component="h2">{def.title}</Typography>
              <Chip size="small" label={def.group} variant="outlined" />
            </Stack>
            <Typography variant="body2" color="text.secondary">{def.description}</Typography>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              {MSG.relatoriosColunas}: {def.columns.map((c) => c.label).join(', ')}
            </Typography>
          </Box>
          <ReportFilterFields def={def} control={control} />
          <FormatRadio id={`formato-${def.key}`} formats={def.formats} value={formato} onChange={setFormato} />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => onSchedule(def, getValues(), formato)}>{MSG.relatoriosAgendar}</Button>
            <Button type="submit" variant="contained" disabled={formState.isSubmitting}>{MSG.relatoriosGerar}</Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
