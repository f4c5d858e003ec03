import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { openXlsxStream } from '../src/downloads/xlsx-writer';

/**
 * A large XLSX report must not hold its sheet in memory: exceljs hands the rows to its compressor without waiting,
 * and the writer's drained() (called by the report runner between batches) is what keeps them from piling up.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-xlsx-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// buffers are freed by a collection: each measure is taken after one
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const ROWS = 200_000;
const BATCH = 2_000;

describe('the streamed XLSX writer', () => {
  it('writes 200,000 rows with the buffers it holds flat, and the file reads back whole', async () => {
    const file = path.join(dir, 'grande.xlsx');
    const xlsx = openXlsxStream(file, {
      name: 'Vendas',
      columns: [{ key: 'nome', header: 'Unidade', kind: 'text' }, { key: 'valor', header: 'Valor', kind: 'money' }, { key: 'data', header: 'Data', kind: 'date' }],
      totals: { label: 'Total', keys: ['valor'] },
    });
    gc();
    const before = process.memoryUsage().arrayBuffers;
    let held = 0;
    for (let b = 0; b < ROWS / BATCH; b++) {
      for (let i = 0; i < BATCH; i++) xlsx.add({ nome: `Pão Quente - Centro ${b}-${i}`, valor: 1234 + i, data: '2026-10-05' });
      await xlsx.drained();
      if (b % 10 === 9) {
        gc();
        held = Math.max(held, process.memoryUsage().arrayBuffers - before);
      }
    }
    await xlsx.close();
    // without waiting for the compressor the sheet's buffers grow ~10 MB per 50,000 rows (40 MB here)
    expect(held).toBeLessThan(16 * 1024 * 1024);

    let rows = 0;
    for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(file, {})) for await (const _row of sheet) rows++;
    expect(rows).toBe(1 + ROWS + 1); // header, rows, totals
  }, 120_000);
});
