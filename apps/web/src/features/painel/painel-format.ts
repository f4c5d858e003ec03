import { type DashboardRegistro, formatBusinessDate, formatDateTime, MSG } from '@concilia/domain';
import { registroLabel } from '../dashboard/dashboard-options';

/** A wall display reads its figures again this often (the summaries behind them change as files arrive). */
export const PAINEL_REFRESH_MINUTES = 5;
export const PAINEL_REFRESH_MS = PAINEL_REFRESH_MINUTES * 60_000;

/** 'Venda de 01/05/2026 a 01/06/2026'. */
export const painelPeriodo = (registro: DashboardRegistro, de: string, ate: string) =>
  MSG.painelPeriodo.replace('{registro}', registroLabel(registro)).replace('{de}', formatBusinessDate(de)).replace('{ate}', formatBusinessDate(ate));

/** 'HH:mm' of a timestamp, in São Paulo time like every other time the product shows. */
export const painelHora = (at: string | Date) => formatDateTime(at).slice(-5);

/** 'Atualizado às 14:05; atualiza a cada 5 minutos.' */
export const painelAtualizado = (at: string | Date) =>
  MSG.painelAtualizadoEm.replace('{hora}', painelHora(at)).replace('{minutos}', String(PAINEL_REFRESH_MINUTES));
