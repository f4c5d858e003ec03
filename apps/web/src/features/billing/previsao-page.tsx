import {
  defaultPrevisaoFilter, DIAS_SEMANA, MSG, type PrevisaoFiltro, previsaoSchema, RELATORIO_FORMATOS, ROUTES, todayBusiness, TODOS_DIAS,
} from '@concilia/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box, Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, Radio, RadioGroup,
} from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useNotifier } from '../../app/notifications';
import { FilterPage } from '../../app/filter-page';
import { useProcessing } from '../../app/processing';
import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import type { Values } from '../../registers/fields/field-props';
import { DateRangeFilter } from '../../registers/fields/date-range-filter';
import { startDownload } from '../../registers/start-download';

const diasOf = (v: unknown): number[] => (Array.isArray(v) ? v.filter((d): d is number => typeof d === 'number') : []);

/**
 * Fechamento de Movimento Previsão (spec part 2 §2.2 "Fecha Movimento (forecast)", §5, §7): Venda De, Venda
 * Até and the weekdays (Domingo = 1 … Sábado = 7), checked by the schema the server applies; Pesquisar asks
 * getRelatorioFechaMovimentoPrevisao for the report (PDF or spreadsheet) and downloads it. Every day starts
 * ticked: a closing bills every day, so the first forecast is the closing's own, and fewer days are a choice.
 */
export function PrevisaoPage() {
  const notifier = useNotifier();
  const processing = useProcessing();
  const { control, handleSubmit } = useForm<Values>({
    defaultValues: defaultPrevisaoFilter(todayBusiness()),
    resolver: zodResolver(previsaoSchema) as never,
  });

  const pesquisar = handleSubmit(async (values) => {
    const { datavendade, datavendaate, dias, formato } = values as unknown as PrevisaoFiltro;
    try {
      const r = await processing(call(OPS.getRelatorioFechaMovimentoPrevisao, { filtro: { datavendade, datavendaate }, dias, formato: formato ?? 'pdf' }));
      startDownload(r.getRelatorioFechaMovimentoPrevisao);
      notifier.success(MSG.movimentoRelatorioGerado);
    } catch {
      // the API client already told the user why
    }
  });

  return (
    <FilterPage
      title={ROUTES.fechaMovimentoPrevisao.title}
      subtitle={MSG.previsaoExplicacao}
      submit={MSG.previsaoPesquisar}
      onSubmit={(e) => void pesquisar(e)}
    >
      <Box sx={{ maxWidth: 480 }}>
        <DateRangeFilter
          control={control}
          deName="datavendade"
          ateName="datavendaate"
          deLabel={MSG.previsaoVendaDe}
          ateLabel={MSG.previsaoVendaAte}
          months={null}
          required
        />
      </Box>
      <Controller
        control={control}
        name="dias"
        render={({ field, fieldState }) => {
          const dias = diasOf(field.value);
          const set = (next: number[]) => field.onChange([...new Set(next)].sort((a, b) => a - b));
          return (
            <FormControl component="fieldset" error={!!fieldState.error} required>
              <FormLabel component="legend">{MSG.previsaoDias}</FormLabel>
              <FormControlLabel
                label={MSG.previsaoTodosDias}
                control={
                  <Checkbox
                    checked={dias.length === TODOS_DIAS.length}
                    indeterminate={dias.length > 0 && dias.length < TODOS_DIAS.length}
                    onChange={(e) => set(e.target.checked ? [...TODOS_DIAS] : [])}
                  />
                }
              />
              <FormGroup row>
                {DIAS_SEMANA.map((d) => (
                  <FormControlLabel
                    key={d.valor}
                    label={d.label}
                    control={
                      <Checkbox
                        name={`dias-${d.valor}`}
                        value={d.valor}
                        checked={dias.includes(d.valor)}
                        onChange={(e) => set(e.target.checked ? [...dias, d.valor] : dias.filter((x) => x !== d.valor))}
                        onBlur={field.onBlur}
                      />
                    }
                  />
                ))}
              </FormGroup>
              {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
            </FormControl>
          );
        }}
      />
      <Controller
        control={control}
        name="formato"
        render={({ field }) => (
          <FormControl>
            <FormLabel id="previsao-formato">{MSG.previsaoFormato}</FormLabel>
            <RadioGroup row aria-labelledby="previsao-formato" name={field.name} value={field.value ?? 'pdf'} onChange={(e) => field.onChange(e.target.value)}>
              {RELATORIO_FORMATOS.map((o) => <FormControlLabel key={o.valor} value={o.valor} control={<Radio />} label={o.label} />)}
            </RadioGroup>
          </FormControl>
        )}
      />
    </FilterPage>
  );
}
