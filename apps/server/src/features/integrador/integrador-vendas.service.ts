import crypto from 'node:crypto';
import { copyText, estabelecimentos, type OpenDb, operadoras, pessoas, subtreeOf, TenantKeys, terminais, withRawTransaction } from '@concilia/db';
import {
  integradorMensagemVenda, type IntegradorRecusa, type IntegradorResposta, type IntegradorVenda, integradorVendaSchema, MSG,
  normalizeCpfCnpj, todayBusiness,
} from '@concilia/domain';
import { type CustomerSaleRecord, customerBrand, customerProduct, recordIdentity } from '@concilia/engine';
import { sql } from 'drizzle-orm';
import type { FileStorage } from '../../ingest/file-storage';
import { CUSTOMER_LINE_COLUMNS, customerLineRow } from '../../ingest/line-rows';
import { MATCH_QUEUE } from '../../reconcile/match-queue';

/**
 * The sales of one integrator API request become customer lines, as a customer file's would: one `arquivos`
 * row (origem INTEGRACAO, what tells tickets CU from C), lines written by the same row builder and identity
 * rule as the file load (ingest-file.ts), and the same reconciliation job queued in the same transaction.
 *
 * The sender's id is the sale's identity: it goes to `idintegrador` (unique per unit) and, as the merchant's
 * own code of the sale, to `codexterno` — so two sales alike in every field but the id are two lines, and the
 * same id sent again is found whatever else changed. A sale is refused alone, with a message naming its field;
 * the others go in.
 */

interface Deps {
  open: OpenDb;
  storage: FileStorage;
}

const LINE_COLUMNS = [...CUSTOMER_LINE_COLUMNS, 'idintegrador'] as const;

/** What the client's subtree offers to place a sale: its people, their CNPJs, establishment codes and terminals. */
interface Places {
  cliente: number;
  byCnpj: Map<string, Set<number>>;
  byEstabelecimento: Map<string, Set<number>>;
  unidades: Set<number>;
  terminals: Map<string, { codpessoa: number; codoperadora: number | null }>;
  operatorsByName: Map<string, number>;
}

const addTo = (map: Map<string, Set<number>>, key: string, value: number) => {
  const set = map.get(key) ?? new Set<number>();
  set.add(value);
  map.set(key, set);
};

async function placesOf(open: OpenDb, cliente: number): Promise<Places> {
  const { db } = open;
  const people = await db.select({ codpessoa: pessoas.codpessoa, tipo: pessoas.tipo, cnpj: pessoas.cnpj }).from(pessoas)
    .where(sql`${pessoas.codpessoa} IN ${subtreeOf(cliente)}`);
  const byCnpj = new Map<string, Set<number>>();
  const unidades = new Set<number>();
  for (const p of people) {
    if (p.cnpj) addTo(byCnpj, normalizeCpfCnpj(p.cnpj), p.codpessoa);
    if (p.tipo === 'UNIDADE') unidades.add(p.codpessoa);
  }
  const byEstabelecimento = new Map<string, Set<number>>();
  for (const e of await db.select({ codexterno: estabelecimentos.codexterno, codpessoa: estabelecimentos.codpessoa }).from(estabelecimentos)
    .where(sql`${estabelecimentos.codpessoa} IN ${subtreeOf(cliente)}`)) {
    addTo(byEstabelecimento, e.codexterno, e.codpessoa);
  }
  // terminal codes are unique per client: only this client's, as a customer file with an owner reads them
  const terminals = new Map<string, { codpessoa: number; codoperadora: number | null }>();
  for (const t of await db.select({ codexterno: terminais.codexterno, codpessoa: terminais.codpessoacliente, codoperadora: terminais.codoperadora })
    .from(terminais).where(sql`${terminais.codpessoacliente} IN ${subtreeOf(cliente)}`)) {
    terminals.set(t.codexterno, { codpessoa: t.codpessoa, codoperadora: t.codoperadora });
  }
  const operatorsByName = new Map<string, number>();
  for (const o of await db.select({ codoperadora: operadoras.codoperadora, nome: operadoras.nome }).from(operadoras)) {
    operatorsByName.set(o.nome.toLowerCase(), o.codoperadora);
  }
  return { cliente, byCnpj, byEstabelecimento, unidades, terminals, operatorsByName };
}

/**
 * The person a sale belongs to. `unidade` names it by CNPJ or by an establishment code registered to it, only
 * among the client and its units: a unit elsewhere reads as unknown, so nothing tells the sender it exists.
 * Without `unidade`: the unit the sale's establishment is registered to, else the client as a whole (its sales
 * are then matched against every unit's, as a customer file sent for the client is).
 */
function placeOf(v: IntegradorVenda, places: Places): { codpessoa: number } | { mensagem: string } {
  if (v.unidade) {
    const found = new Set([...(places.byCnpj.get(normalizeCpfCnpj(v.unidade)) ?? []), ...(places.byEstabelecimento.get(v.unidade) ?? [])]);
    if (found.size === 1) return { codpessoa: [...found][0]! };
    return { mensagem: (found.size === 0 ? MSG.integradorUnidadeDesconhecida : MSG.integradorUnidadeAmbigua).replace('{unidade}', v.unidade) };
  }
  const byEc = v.estabelecimento ? [...(places.byEstabelecimento.get(v.estabelecimento) ?? [])].filter((p) => places.unidades.has(p)) : [];
  return { codpessoa: byEc.length === 1 ? byEc[0]! : places.cliente };
}

function recordOf(v: IntegradorVenda, line: number): CustomerSaleRecord {
  return {
    kind: 'customerSale', line, operator: 'cliente', recordType: 'API', merchantId: v.estabelecimento ?? '',
    saleDate: v.dataVenda, saleTime: v.horaVenda, nsu: v.nsu, tid: v.tid, authorization: v.autorizacao, terminal: v.terminal,
    installments: v.parcelas, gross: v.valor, brand: customerBrand(v.bandeira), product: customerProduct(v.produto),
    customerCode: v.id, nossoNumero: v.nossoNumero, operatorHint: v.operadora,
  };
}

export async function receiveIntegratorSales(deps: Deps, key: { codchave: number; codpessoa: number }, vendas: readonly unknown[]): Promise<IntegradorResposta> {
  const { db } = deps.open;
  const recusadas: IntegradorRecusa[] = [];
  const places = await placesOf(deps.open, key.codpessoa);
  const accepted: { indice: number; venda: IntegradorVenda; codpessoa: number }[] = [];
  const seen = new Set<string>();
  let repetidas = 0;
  vendas.forEach((raw, indice) => {
    const parsed = integradorVendaSchema.safeParse(raw);
    if (!parsed.success) {
      const id = raw && typeof raw === 'object' && typeof (raw as { id?: unknown }).id === 'string' ? (raw as { id: string }).id : null;
      recusadas.push({ indice, id, mensagem: integradorMensagemVenda(parsed.error) });
      return;
    }
    const venda = parsed.data;
    const place = placeOf(venda, places);
    if ('mensagem' in place) {
      recusadas.push({ indice, id: venda.id, mensagem: place.mensagem });
      return;
    }
    // the same id twice in one request is one sale, as across requests
    if (seen.has(venda.id)) {
      repetidas++;
      return;
    }
    seen.add(venda.id);
    accepted.push({ indice, venda, codpessoa: place.codpessoa });
  });

  // an id is the client's, whichever of its units the sale went to: known anywhere in the subtree, it is a repeat
  const known = new Set<string>();
  if (accepted.length) {
    const rows = (await db.execute(sql`SELECT DISTINCT idintegrador FROM linhas_cliente
      WHERE idintegrador IN (${sql.join(accepted.map((a) => sql`${a.venda.id}`), sql`, `)}) AND codpessoa IN ${subtreeOf(key.codpessoa)}`)) as unknown as { rows: { idintegrador: string }[] };
    for (const r of rows.rows) known.add(r.idintegrador);
  }
  const fresh = accepted.filter((a) => !known.has(a.venda.id));
  repetidas += accepted.length - fresh.length;
  const recebidas = vendas.length;
  if (fresh.length === 0) return { recebidas, inseridas: 0, repetidas, recusadas };

  const recebidaem = new Date();
  // the request as the files screens offer its original: unique per request (its own id), so never "the same file again"
  const original = new TextEncoder().encode(JSON.stringify({
    requisicao: crypto.randomUUID(), codchave: key.codchave, recebidaem: recebidaem.toISOString(), vendas: fresh.map((a) => a.venda),
  }, null, 2));
  const stored = await deps.storage.put(original, 0);
  const tenants = await TenantKeys.load(db, fresh.map((a) => a.codpessoa));
  const nomearquivo = `api-integrador-${key.codchave}-${recebidaem.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}.json`;

  const inseridas = await withRawTransaction(deps.open, async (tx) => {
    const [file] = await tx.query<{ codarquivo: number }>(
      `INSERT INTO arquivos (codpessoa, status, origem, nomearquivo, dataenvio, sha256, tamanho)
       VALUES ($1, 'PROCESSANDO', 'INTEGRACAO', $2, $3, $4, $5) RETURNING codarquivo`,
      [key.codpessoa, nomearquivo, todayBusiness(), stored.sha256, stored.size],
    );
    const codarquivo = file!.codarquivo;
    let block = '';
    for (const a of fresh) {
      const r = recordOf(a.venda, a.indice + 1);
      const terminal = r.terminal ? places.terminals.get(r.terminal) : undefined;
      const hinted = r.operatorHint ? places.operatorsByName.get(r.operatorHint.toLowerCase()) ?? null : null;
      // the same identity rule as a customer file's line (ingest-file.ts): the owner, then the record's identity
      const chave = crypto.hash('md5', `${a.codpessoa}|${recordIdentity(r)}`, 'hex');
      const row = customerLineRow(r, { codarquivo, chave, ocorrencia: 1, codoperadora: terminal?.codoperadora ?? hinted, codpessoa: a.codpessoa,
        codcliente: tenants.of(a.codpessoa) });
      block += `${row.slice(0, -1)}\t${copyText(a.venda.id)}\n`;
    }
    const cols = LINE_COLUMNS.join(', ');
    await tx.query(`CREATE TEMP TABLE carga_integrador ON COMMIT DROP AS SELECT ${cols} FROM linhas_cliente WITH NO DATA`);
    await tx.copyFrom('carga_integrador', LINE_COLUMNS, (async function* () { yield block; })());
    // a concurrent request with the same id, or a customer file that brought the very same sale, wins: a repeat
    const inserted = await tx.query<{ valor: string }>(
      `INSERT INTO linhas_cliente (${cols}) SELECT ${cols} FROM carga_integrador ORDER BY linha ON CONFLICT DO NOTHING RETURNING valor`,
    );
    const bruto = inserted.reduce((s, r) => s + Number(r.valor), 0);
    const again = fresh.length - inserted.length;
    await tx.query(
      `UPDATE arquivos SET status = 'PROCESSADO', linhas = $2, repetidas = $3, totais = $4, dataprocessamento = now(),
         mensagem = $5 WHERE codarquivo = $1`,
      [codarquivo, inserted.length, again, JSON.stringify({ customerSale: { linhas: inserted.length, bruto, liquido: bruto } }),
        again > 0 ? MSG.integradorVendasRepetidas.replace('{n}', String(again)) : null],
    );
    await tx.query(`UPDATE linhas_cliente l SET desconsiderado = true FROM desconsideracoes d
      WHERE l.codarquivo = $1 AND d.datavenda = l.datavenda AND d.chave = l.chave AND d.ocorrencia = l.ocorrencia`, [codarquivo]);
    const [span] = await tx.query<{ de: string | null; ate: string | null }>(
      'SELECT min(datavenda)::text AS de, max(datavenda)::text AS ate FROM linhas_cliente WHERE codarquivo = $1', [codarquivo]);
    // the job a loaded customer file queues (ingest-file.ts queueMatching): sale pairs only, over the days it brought
    if (span?.de && span.ate) {
      await tx.query('INSERT INTO jobs (queue, payload) VALUES ($1, $2::jsonb)', [MATCH_QUEUE, JSON.stringify({ codarquivo, de: span.de, ate: span.ate, somenteVendas: true })]);
    }
    return inserted.length;
  });
  return { recebidas, inseridas, repetidas: repetidas + (fresh.length - inseridas), recusadas };
}
