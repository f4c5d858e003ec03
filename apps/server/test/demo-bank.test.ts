import { addDays, isBusinessDay, todayBusiness } from '@concilia/domain';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BANK_ACCOUNTS, demoBankStatements, seedDemoBank } from '../src/ingest/demo-bank.seed';
import { seedDemoFiles } from '../src/ingest/demo-files.seed';
import { createIngestion, type Ingestion } from '../src/ingest/ingestion';
import { createTestApp, type TestApp } from './harness';

/**
 * Issue 21: the demo opens Conferência Bancária on real results — each demo client's account registered, its bank's
 * statement loaded through the pipeline, and the bank check reaching the
 * generator's truth for every settlement the statement covers.
 */
describe('the demo bank', () => {
  let t: TestApp;
  let ing: Ingestion;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    ing = createIngestion({ open: t.opened, log: pino({ level: 'silent' }), filesDir: t.config.filesDir, workers: 1, pollMs: 50 });
    await seedDemoFiles(t.opened, ing, 120);
    await ing.drain();
  }, 180_000);
  afterAll(async () => {
    await ing?.stop();
    await t?.close();
  });

  it("registers each unit's account, loads its statements and lands every settlement in the expected result", async () => {
    const hoje = todayBusiness();
    expect(await seedDemoBank(t.opened, ing, hoje)).toBe(1);
    await ing.drain();
    // again: the accounts are not duplicated, the postings not loaded twice
    expect(await seedDemoBank(t.opened, ing, hoje)).toBe(1);
    await ing.drain();
    // the same statements as those sent (the same seed), with the truth they were drawn from
    const banks = await demoBankStatements(t.opened, hoje);
    // of the demo's operator files only Cielo's carry settlements: the Centro's bank alone has credits to show
    expect(banks.map((b) => b.files.map((f) => f.name))).toEqual([['extrato-341-1234-123456.ofx']]);
    const accounts = await t.exec(`SELECT banco, agencia, conta FROM contas_bancarias ORDER BY banco DESC`);
    expect(accounts).toEqual(DEMO_BANK_ACCOUNTS.map((a) => ({ banco: a.banco, agencia: a.agencia, conta: a.conta })));
    const files = await t.exec(`SELECT layout, status, linhas FROM arquivos WHERE tipo = 'EXTRATO_BANCARIO' ORDER BY codarquivo`);
    // the same bytes again are the same file, known by its hash
    expect(files.map((f) => [f.layout, f.status])).toEqual([['OFX', 'PROCESSADO']]);
    expect(Number(files[0]!.linhas)).toBeGreaterThan(20);

    const got = new Map((await t.exec(`SELECT codlinha::text AS id, resultado, diferenca::int AS diferenca FROM conciliacoes_bancarias WHERE codlinha IS NOT NULL`))
      .map((r) => [String(r.id), { resultado: String(r.resultado), diferenca: Number(r.diferenca) }]));
    // a missing credit of the last business day is still awaited today: the truth assumes the check runs later
    let ontem = addDays(hoje, -1);
    while (!isBusinessDay(ontem)) ontem = addDays(ontem, -1);
    const settlementDay = new Map((await t.exec(`SELECT codlinha::text AS id, data::text AS data FROM linhas_operadora WHERE tipo = 'settlement'`)).map((r) => [String(r.id), String(r.data)]));
    let checked = 0;
    const kinds = new Set<string>();
    for (const bank of banks) {
      for (const [id, { difference, expected }] of bank.truth) {
        const awaited = expected.resultado === 'NAO_CREDITADO' && settlementDay.get(id)! >= ontem;
        expect([id, got.get(id)]).toEqual([id, awaited ? { resultado: 'AGUARDANDO', diferenca: 0 } : expected]);
        kinds.add(difference);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
    // a small demo: not every kind of difference is drawn, but the credited ones and some of the others are
    expect(kinds.has('nenhuma')).toBe(true);
    expect(kinds.size).toBeGreaterThanOrEqual(3);
    const semOrigem = await t.exec(`SELECT count(*)::int AS n FROM conciliacoes_bancarias WHERE resultado = 'CREDITO_SEM_ORIGEM'`);
    expect(semOrigem[0]!.n).toBeGreaterThan(0);
  }, 120_000);
});
