import { contasBancarias, type OpenDb, pessoas, withRawTransaction } from '@concilia/db';
import { type BusinessDate, todayBusiness } from '@concilia/domain';
import { type BankAccountRef, type BankScenario, generateBankStatements, type GeneratedSettlement } from '@concilia/engine';
import { eq } from 'drizzle-orm';
import type { Ingestion } from './ingestion';

/**
 * The demo's bank (issue 21): an account for each demo unit, and the statement its bank would send for the
 * settlements the demo's operator files paid into it, with the scenario generator's known differences (a credit
 * missing, a day late, short, several settlements in one credit, credits no operator explains). Sent through the same
 * pipeline as an upload, so Conferência Bancária and the dashboard's 'Não creditado' open on the bank check's own
 * results. A unit whose operator files pay nothing (of the demo's layouts only Cielo's payments file carries
 * settlements) gets its account and no statement: the Centro's Itaú statement (OFX) is the demo's one.
 */
export const DEMO_BANK_ACCOUNTS: readonly (BankAccountRef & { unidade: string; descricao: string; layout: 'ofx' | 'cnab240' })[] = [
  // the domicile the demo's Cielo payments file names on its settlements (bank 0341, agency 01234, account 123456)
  { unidade: 'Pão Quente - Centro', banco: '341', agencia: '1234', conta: '123456', digito: '7', descricao: 'Itaú — recebíveis do Centro', layout: 'ofx' },
  { unidade: 'Pão Quente - Savassi', banco: '237', agencia: '0456', conta: '99887', digito: '1', descricao: 'Bradesco — recebíveis da Savassi', layout: 'cnab240' },
  { unidade: 'Bom Preço - Matriz', banco: '033', agencia: '2211', conta: '1300456', digito: '7', descricao: 'Santander — conta movimento', layout: 'ofx' },
];

export interface DemoBank {
  /** the unit whose account it is */
  codpessoa: number;
  files: { name: string; bytes: Uint8Array }[];
  /** per settlement (codlinha): what the bank check must conclude, by the generator's injected differences */
  truth: BankScenario['settlements'];
}

/**
 * Each demo unit's statement of the settlements loaded so far that were due before today (what a bank could already
 * show). No statement for a unit without settlements. The accounts are registered by registerDemoBankAccounts (a
 * browser test registers one through the screen instead).
 */
export async function demoBankStatements(open: OpenDb, hoje: BusinessDate = todayBusiness()): Promise<DemoBank[]> {
  const out: DemoBank[] = [];
  for (const [i, demo] of DEMO_BANK_ACCOUNTS.entries()) {
    const unit = await unitOf(open, demo.unidade);
    if (!unit) continue;
    const settlements = await withRawTransaction(open, (tx) => tx.query<{ id: string; operator: string; merchant: string; date: string; amount: string | number }>(
      `SELECT l.codlinha::text AS id, l.codoperadora::text AS operator, l.estabelecimento AS merchant, l.data::text AS date, l.valorliquido AS amount
       FROM linhas_operadora l
       WHERE l.codpessoa = $1 AND l.tipo = 'settlement' AND l.valorliquido > 0 AND l.data < $2::date
       ORDER BY l.data, l.codlinha`, [unit.codpessoa, hoje]));
    if (settlements.length === 0) continue;
    const scenario = generateBankStatements({
      settlements: settlements.map((s): GeneratedSettlement => ({ id: s.id, operator: s.operator, merchantId: s.merchant, date: s.date, amount: Number(s.amount) })),
      account: demo,
      seed: 2026 + i,
      dataGeracao: hoje,
    });
    const tag = `${demo.banco}-${demo.agencia}-${demo.conta}`;
    const files = demo.layout === 'ofx'
      ? [{ name: `extrato-${tag}.ofx`, bytes: scenario.ofx }]
      : scenario.cnab240.map((bytes, n) => ({ name: `extrato-${tag}-${n + 1}.ret`, bytes }));
    out.push({ codpessoa: unit.codpessoa, files, truth: scenario.settlements });
  }
  return out;
}

async function unitOf(open: OpenDb, nome: string): Promise<{ codpessoa: number } | undefined> {
  const [unit] = await open.db.select({ codpessoa: pessoas.codpessoa }).from(pessoas).where(eq(pessoas.nome, nome));
  return unit;
}

/** Each demo unit's account, unless it is registered already. */
export async function registerDemoBankAccounts(open: OpenDb): Promise<void> {
  for (const demo of DEMO_BANK_ACCOUNTS) {
    const unit = await unitOf(open, demo.unidade);
    if (!unit) continue;
    await open.db.insert(contasBancarias)
      .values({ codpessoa: unit.codpessoa, banco: demo.banco, agencia: demo.agencia, conta: demo.conta, digito: demo.digito, descricao: demo.descricao })
      .onConflictDoNothing();
  }
}

/** The demo's accounts, and their statements sent through the ingestion (origin DEMO); the number of files. */
export async function seedDemoBank(open: OpenDb, ingestion: Ingestion, hoje?: BusinessDate): Promise<number> {
  await registerDemoBankAccounts(open);
  let n = 0;
  for (const bank of await demoBankStatements(open, hoje)) {
    for (const f of bank.files) {
      await ingestion.receive({ source: f.bytes, name: f.name, origem: 'DEMO', codpessoa: bank.codpessoa });
      n++;
    }
  }
  return n;
}
