import os from 'node:os';
import type { OpenDb } from '@concilia/db';
import { sql } from 'drizzle-orm';

/** Small helpers the benchmark scripts share: timing, peak RSS, number formats. */

export const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
export const secs = (ms: number) => (ms / 1000).toFixed(2);
export const rate = (n: number, ms: number) => Math.round(n / (ms / 1000)).toLocaleString('pt-BR');
export const count = (n: number) => n.toLocaleString('pt-BR');

/** What `timed` answers: how long the work took, and what it returned. */
export type Timed<T> = { ms: number; value: T };

export async function timed<T>(fn: () => Promise<T>): Promise<Timed<T>> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

/** Samples this process's RSS every 50 ms while `fn` runs. */
export async function peakRss<T>(fn: () => Promise<T>): Promise<{ peak: number; value: T }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  try {
    const value = await fn();
    return { peak: Math.max(peak, process.memoryUsage().rss), value };
  } finally {
    clearInterval(timer);
  }
}

const exec = (open: OpenDb, q: string) => open.db.execute(sql.raw(q));

/**
 * Sale lines of the bakery's units, day after day (a day's lines are consecutive, as files bring them): Centro at Cielo (its product codes map to crédito / débito / parcelado) and
 * Savassi at Rede (product named, no code mapping), opening hours 08–21, amounts R$ 10 to R$ 510, MDR 0,99–2,49 %.
 */
export async function generateSaleLines(open: OpenDb, o: { centro: number; savassi: number; lines: number; firstDay: string }): Promise<void> {
  const { centro, savassi, lines: LINES, firstDay: FIRST_DAY } = o;
  const batch = 1_000_000;
  for (let from = 1; from <= LINES; from += batch) {
    const to = Math.min(LINES, from + batch - 1);
    await exec(open, `
      INSERT INTO linhas_operadora (codarquivo, linha, chave, ocorrencia, tipo, tiporegistro, codoperadora, codpessoa, codcliente, estabelecimento, nsu,
        data, hora, valorbruto, valortaxa, valorliquido, totparcelas, bandeira, bandeiranome, produto, produtonome, aceita)
      SELECT 1, g, md5('bench-' || g)::uuid, 1, 'sale', 'E', x.op, x.unit, x.cliente, x.ec, lpad(g::text, 12, '0'),
             date '${FIRST_DAY}' + ((g - 1) * 365 / ${LINES})::int, lpad((8 + (g * 37) % 14)::text, 2, '0') || ':' || lpad(((g * 13) % 60)::text, 2, '0') || ':00',
             x.bruto, round(x.bruto * x.mdr)::bigint, x.bruto - round(x.bruto * x.mdr)::bigint, 1,
             x.bandeira, x.bandeiranome, x.produto, x.produtonome, true
      FROM generate_series(${from}::bigint, ${to}::bigint) g
      CROSS JOIN LATERAL (SELECT
        CASE WHEN g % 5 < 3 THEN 1 ELSE 2 END AS op,
        CASE WHEN g % 5 < 3 THEN ${centro} ELSE ${savassi} END AS unit,
        -- the tenant key, looked up once per statement (uncorrelated sub-selects), not per line
        CASE WHEN g % 5 < 3 THEN (SELECT cliente_raiz(${centro})) ELSE (SELECT cliente_raiz(${savassi})) END AS cliente,
        CASE WHEN g % 5 < 3 THEN '1023456789' ELSE '045678901' END AS ec,
        1000 + (g * 7919) % 50000 AS bruto,
        CASE WHEN g % 3 = 0 THEN 0.0099 ELSE 0.0249 END AS mdr,
        CASE WHEN g % 2 = 0 THEN '001' ELSE '002' END AS bandeira,
        CASE WHEN g % 2 = 0 THEN 'Visa' ELSE 'Mastercard' END AS bandeiranome,
        CASE WHEN g % 5 >= 3 THEN '0' || (g % 3)::text WHEN g % 3 = 0 THEN '041' WHEN g % 7 = 0 THEN '043' ELSE '040' END AS produto,
        CASE WHEN g % 3 = 0 THEN 'Débito' WHEN g % 7 = 0 THEN 'Crédito parcelado loja' ELSE 'Crédito à vista' END AS produtonome) x`);
    process.stdout.write(`\r  linhas: ${count(to)}`);
  }
  process.stdout.write('\n');
}

/** The machine's 1, 5 and 15 minute load averages (uptime's figures): the CPUs are shared, so each figure carries them. */
export const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
