import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { schema, TENANT_KEYED_TABLES } from '@concilia/db';
import { todayBusiness } from '@concilia/domain';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveIntegratorSales } from '../src/features/integrador/integrador-vendas.service';
import { seedDemoBank } from '../src/ingest/demo-bank.seed';
import { seedDemoFiles } from '../src/ingest/demo-files.seed';
import { folderStorage } from '../src/ingest/file-storage';
import { createIngestion, type Ingestion } from '../src/ingest/ingestion';
import { pairByHand, setDisregarded, unpair } from '../src/reconcile/sale-decisions';
import { createTestApp, type TestApp } from './harness';

/**
 * Issue 22, scale beyond one machine: every line table carries its tenant key (`codcliente`, the client at the
 * root of the line's place in the hierarchy), so the data can be distributed by client with each client's
 * lines and what is derived from them on one node (docs/scaling.md).
 */

/** Columns by which a table names a line: such a table holds lines, or what the reconciliation derives from them. */
const NAMES_A_LINE = ['codlinha', 'codlinhasarqcli', 'codlinhabanco', 'chavecliente', 'chaveoperadora'];

const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable)).map((t) => getTableConfig(t));
const keyed = new Set(TENANT_KEYED_TABLES.map((t) => getTableConfig(t).name));

describe('the tenant key of the line tables', () => {
  it('is declared on every table that holds lines or what is derived from them, not null', () => {
    const holdingLines = tables.filter((t) => {
      const cols = t.columns.map((c) => c.name);
      return cols.some((c) => NAMES_A_LINE.includes(c)) || (cols.includes('chave') && cols.includes('ocorrencia')) || t.name.startsWith('resumo_');
    }).map((t) => t.name)
      // invoice lines name no card line: billing's own rows, keyed by the invoice's person
      .filter((name) => !name.startsWith('movimento'));
    expect(holdingLines.filter((name) => !keyed.has(name))).toEqual([]);
    for (const t of tables.filter((x) => keyed.has(x.name))) {
      expect([t.name, t.columns.find((c) => c.name === 'codcliente')?.notNull]).toEqual([t.name, true]);
    }
  });

  describe('written by the pipeline itself', () => {
    let t: TestApp;
    let ing: Ingestion;

    beforeAll(async () => {
      t = await createTestApp('pglite');
      ing = createIngestion({ open: t.opened, log: pino({ level: 'silent' }), filesDir: t.config.filesDir, workers: 1, pollMs: 50 });
      await seedDemoFiles(t.opened, ing, 60);
      await ing.drain();
      await seedDemoBank(t.opened, ing, todayBusiness());
      await ing.drain();
    }, 180_000);
    afterAll(async () => {
      await ing?.stop();
      await t?.close();
    });

    it('in the database as declared', async () => {
      const cols = await t.exec(`SELECT table_name, is_nullable FROM information_schema.columns WHERE column_name = 'codcliente' ORDER BY table_name`);
      expect(cols).toEqual([...keyed].sort().map((table_name) => ({ table_name, is_nullable: 'NO' })));
    });

    it("on every row: files, pairs, expected payments, fee audit, summaries, bank check, decisions, integrator sales", async () => {
      const ctx = { codusuario: null, toleranceCentavos: 0 };
      const [open] = await t.exec(`SELECT l.codlinhasarqcli::int AS id FROM linhas_cliente l
        WHERE NOT EXISTS (SELECT 1 FROM conciliacoes_venda m WHERE m.codlinhasarqcli = l.codlinhasarqcli) ORDER BY 1 LIMIT 1`);
      const pairs = await t.exec(`SELECT m.codlinhasarqcli::int AS c, m.codlinha::int AS o FROM conciliacoes_venda m ORDER BY 1 LIMIT 3`);
      expect([open, pairs.length]).toEqual([expect.anything(), 3]);
      expect(await setDisregarded(t.opened, [Number(open!.id)], true, ctx)).toBe(true);
      expect(await unpair(t.opened, Number(pairs[0]!.c), ctx)).toBe(true);
      expect(await pairByHand(t.opened, Number(pairs[1]!.c), Number(pairs[2]!.o), ctx)).not.toBeNull();
      const [client] = await t.exec(`SELECT codpessoa FROM pessoas WHERE tipo = 'CLIENTE' ORDER BY codpessoa LIMIT 1`);
      const storage = folderStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-tenant-key-')));
      const sent = await receiveIntegratorSales({ open: t.opened, storage }, { codchave: 1, codpessoa: Number(client!.codpessoa) },
        [{ id: 'PDV-TK-1', dataVenda: todayBusiness(), valor: 1234, nsu: '424242' }]);
      expect(sent.inseridas).toBe(1);

      // the key each person's lines must carry, walked up the hierarchy here rather than by the database's function
      const people = new Map((await t.exec(`SELECT codpessoa, codpessoapai, tipo FROM pessoas`))
        .map((p) => [Number(p.codpessoa), { pai: p.codpessoapai === null ? null : Number(p.codpessoapai), tipo: String(p.tipo) }]));
      const rootOf = (codpessoa: number): number => {
        for (let p: number | null = codpessoa; p !== null; p = people.get(p)!.pai) if (people.get(p)!.tipo === 'CLIENTE') return p;
        return codpessoa;
      };
      // where a table names no person, the person of the customer line it hangs off
      const personOf: Record<string, string> = {
        conciliacoes_venda: '(SELECT l.codpessoa FROM linhas_cliente l WHERE l.codlinhasarqcli = x.codlinhasarqcli)',
        desconsideracoes: '(SELECT l.codpessoa FROM linhas_cliente l WHERE (l.datavenda, l.chave, l.ocorrencia) = (x.datavenda, x.chave, x.ocorrencia))',
        decisoes_pareamento: '(SELECT l.codpessoa FROM linhas_cliente l WHERE (l.datavenda, l.chave, l.ocorrencia) = (x.datacliente, x.chavecliente, x.ocorrenciacliente))',
      };
      const clients = new Set<number>();
      for (const table of keyed) {
        const rows = await t.exec(`SELECT ${personOf[table] ?? 'x.codpessoa'} AS codpessoa, x.codcliente, count(*)::int AS n FROM ${table} x GROUP BY 1, 2`);
        expect([table, rows.length > 0]).toEqual([table, true]);
        for (const r of rows) {
          expect([table, r.codpessoa, Number(r.codcliente)]).toEqual([table, r.codpessoa, rootOf(Number(r.codpessoa))]);
          expect(people.get(Number(r.codcliente))!.tipo).toBe('CLIENTE');
          clients.add(Number(r.codcliente));
        }
      }
      // the demo's two clients, each on its own key
      expect(clients.size).toBe(2);
    });
  });

  it("is the client at or above the person: a unit's client, a reseller itself, the platform's root for nobody", async () => {
    const t = await createTestApp('pglite');
    try {
      const people = await t.exec(`SELECT tipo, min(codpessoa) AS codpessoa FROM pessoas GROUP BY tipo`);
      const of = Object.fromEntries(people.map((p) => [String(p.tipo), Number(p.codpessoa)]));
      const [unit] = await t.exec(`SELECT codpessoa, codpessoapai FROM pessoas WHERE tipo = 'UNIDADE' ORDER BY 1 LIMIT 1`);
      const roots = await t.exec(`SELECT cliente_raiz(${unit!.codpessoa}) AS unidade, cliente_raiz(${of.CLIENTE}) AS cliente,
        cliente_raiz(${of.REVENDA}) AS revenda, cliente_raiz(NULL) AS ninguem`);
      expect(roots[0]).toEqual({ unidade: Number(unit!.codpessoapai), cliente: of.CLIENTE, revenda: of.REVENDA, ninguem: of.PLATAFORMA });
    } finally {
      await t.close();
    }
  });
});
