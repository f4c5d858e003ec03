import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, sql } from 'drizzle-orm';
import type { Db } from '../open-db';
import {
  type BANDEIRA_TIPOS, bandeiras, cidades, estados, type OPERADORA_TIPOS, operadoraBandeiras, operadoraCodigosProduto,
  operadoraProdutos, operadoras, type PRODUTO_TIPOS, produtos,
} from '../schema/index';

/** packages/db/seed-data: the committed reference files (see its README for where they come from). */
export const SEED_DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../seed-data');

/** Rows per INSERT for the municipalities: well under PostgreSQL's 65,535 bind parameters (3 per row). */
const CHUNK = 1000;

type CartoesFile = {
  bandeiras: { codbandeira: number; nome: string; tipo: (typeof BANDEIRA_TIPOS)[number] }[];
  produtos: { codprodutos: number; nome: string; tipo: (typeof PRODUTO_TIPOS)[number]; parcelado?: boolean; prepago?: boolean }[];
  operadoras: {
    codoperadora: number;
    nome: string;
    tipo: (typeof OPERADORA_TIPOS)[number];
    /** its statement is fetched with the client's API credentials (operadoras.cadastrosenha) */
    cadastroSenha?: boolean;
    /** where the codes come from (documentation only) */
    fonte?: string;
    /** brand name → the operator's code for it (null: its files carry no brand code) */
    bandeiras: Record<string, string | null>;
    /** products offered beyond those its product codes already imply */
    produtos: string[];
    /** [operator's code, description, product name, brand name or null] */
    codigosProduto?: [string, string, string, string | null][];
  }[];
};

export type ReferenceData = {
  cartoes: CartoesFile;
  estados: { coduf: number; sigla: string; nome: string; regiao: string }[];
  cidades: { codcidade: number; nome: string; uf: string }[];
};

/** Rows of a ';'-separated file with a header line. */
function readCsv(file: string): string[][] {
  return fs
    .readFileSync(path.join(SEED_DATA_DIR, file), 'utf8')
    .split('\n')
    .slice(1)
    .filter((l) => l.trim() !== '')
    .map((l) => l.split(';'));
}

/** The reference files, parsed (no database involved). */
export function loadReferenceData(): ReferenceData {
  return {
    cartoes: JSON.parse(fs.readFileSync(path.join(SEED_DATA_DIR, 'cartoes.json'), 'utf8')) as CartoesFile,
    estados: readCsv('estados-ibge.csv').map(([coduf, sigla, nome, regiao]) => ({ coduf: Number(coduf), sigla: sigla!, nome: nome!, regiao: regiao! })),
    cidades: readCsv('cidades-ibge.csv').map(([codcidade, nome, uf]) => ({ codcidade: Number(codcidade), nome: nome!, uf: uf! })),
  };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type OperatorData = CartoesFile['operadoras'][number];

/** An operator's brand codes, product codes and offered products. */
async function insertOperatorLinks(tx: Tx, op: OperatorData, codoperadora: number, bandeiraId: Map<string, number>, produtoId: Map<string, number>): Promise<void> {
  const links = Object.entries(op.bandeiras).map(([nome, codigo]) => ({
    codoperadora, codbandeira: lookup(bandeiraId, nome, 'brand', op.nome), codigooperadora: codigo,
  }));
  if (links.length) await tx.insert(operadoraBandeiras).values(links);

  const codigos = (op.codigosProduto ?? []).map(([codigo, descricao, produto, bandeira]) => ({
    codoperadora, codigo, descricao,
    codprodutos: lookup(produtoId, produto, 'product', op.nome),
    codbandeira: bandeira === null ? null : lookup(bandeiraId, bandeira, 'brand', op.nome),
  }));
  if (codigos.length) await tx.insert(operadoraCodigosProduto).values(codigos);

  // What the operator offers: every product its codes name, plus the ones listed outright.
  const ofertados = new Set([...codigos.map((c) => c.codprodutos), ...op.produtos.map((p) => lookup(produtoId, p, 'product', op.nome))]);
  if (ofertados.size) {
    await tx.insert(operadoraProdutos).values([...ofertados].sort((a, b) => a - b).map((codprodutos) => ({ codoperadora, codprodutos })));
  }
}

/**
 * Operators added to the reference file after a database was seeded (a release that reads a new operator's
 * files): inserted by name with their links, so an existing installation gets them on its next start. Their
 * code is the file's when still free. Brands and products are looked up by name in the database; an operator
 * naming one the database lacks is left for the next seed of a fresh database (logged by the caller's error).
 */
export async function seedMissingOperators(db: Db, data: ReferenceData = loadReferenceData()): Promise<string[]> {
  const existing = await db.select({ codoperadora: operadoras.codoperadora, nome: operadoras.nome }).from(operadoras);
  const names = new Set(existing.map((o) => o.nome));
  const codes = new Set(existing.map((o) => o.codoperadora));
  const missing = data.cartoes.operadoras.filter((o) => !names.has(o.nome));
  if (missing.length === 0) return [];
  await db.transaction(async (tx) => {
    const bandeiraId = new Map((await tx.select({ id: bandeiras.codbandeira, nome: bandeiras.nome }).from(bandeiras)).map((b) => [b.nome, b.id]));
    const produtoId = new Map((await tx.select({ id: produtos.codprodutos, nome: produtos.nome }).from(produtos)).map((p) => [p.nome, p.id]));
    for (const op of missing) {
      const [row] = await tx.insert(operadoras)
        .values({ ...(codes.has(op.codoperadora) ? {} : { codoperadora: op.codoperadora }), nome: op.nome, tipo: op.tipo, cadastrosenha: op.cadastroSenha ?? false })
        .returning({ codoperadora: operadoras.codoperadora });
      await insertOperatorLinks(tx, op, row!.codoperadora, bandeiraId, produtoId);
    }
    await tx.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('operadoras', 'codoperadora'), (SELECT max(codoperadora) FROM operadoras))`));
  });
  return missing.map((o) => o.nome);
}

/**
 * Product codes added to the reference file after a database was seeded (Rede's RV types and Stone's
 * AccountType, so the fee audit finds their sales' product): each operator's codes and offered products the
 * database lacks are inserted, existing ones left as they are. Idempotent: safe at every start. Returns how
 * many codes it added.
 */
export async function seedMissingProductCodes(db: Db, data: ReferenceData = loadReferenceData()): Promise<number> {
  const opId = new Map((await db.select({ id: operadoras.codoperadora, nome: operadoras.nome }).from(operadoras)).map((o) => [o.nome, o.id]));
  const bandeiraId = new Map((await db.select({ id: bandeiras.codbandeira, nome: bandeiras.nome }).from(bandeiras)).map((b) => [b.nome, b.id]));
  const produtoId = new Map((await db.select({ id: produtos.codprodutos, nome: produtos.nome }).from(produtos)).map((p) => [p.nome, p.id]));
  let added = 0;
  await db.transaction(async (tx) => {
    for (const op of data.cartoes.operadoras) {
      const codoperadora = opId.get(op.nome);
      if (codoperadora === undefined || !op.codigosProduto?.length) continue;
      const codigos = op.codigosProduto.map(([codigo, descricao, produto, bandeira]) => ({
        codoperadora, codigo, descricao,
        codprodutos: lookup(produtoId, produto, 'product', op.nome),
        codbandeira: bandeira === null ? null : lookup(bandeiraId, bandeira, 'brand', op.nome),
      }));
      const inserted = await tx.insert(operadoraCodigosProduto).values(codigos).onConflictDoNothing().returning({ codigo: operadoraCodigosProduto.codigo });
      added += inserted.length;
      const ofertados = [...new Set(codigos.map((c) => c.codprodutos))].map((codprodutos) => ({ codoperadora, codprodutos }));
      await tx.insert(operadoraProdutos).values(ofertados).onConflictDoNothing();
    }
  });
  return added;
}

function lookup(map: Map<string, number>, name: string, what: string, owner: string): number {
  const id = map.get(name);
  if (id === undefined) throw new Error(`reference data: ${owner} names an unknown ${what} "${name}"`);
  return id;
}

export async function isReferenceSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(operadoras);
  return (row?.n ?? 0) > 0;
}

/**
 * Seeds the reference data once: operators, brands, products (with each operator's brand and product
 * codes), the 27 states and every IBGE municipality. When operators already exist it only adds the operators
 * the reference file has and the database lacks (seedMissingOperators), so it is safe to call at every start. Works on PGlite and node-postgres alike (plain multi-row INSERTs). Returns whether
 * it seeded.
 */
export async function seedReference(db: Db, data: ReferenceData = loadReferenceData()): Promise<boolean> {
  if (await isReferenceSeeded(db)) {
    await seedMissingOperators(db, data);
    await seedMissingProductCodes(db, data);
    await seedFileCadences(db, data);
    return false;
  }
  const { cartoes } = data;
  await db.transaction(async (tx) => {
    await tx.insert(bandeiras).values(cartoes.bandeiras);
    await tx.insert(produtos).values(
      cartoes.produtos.map((p) => ({ ...p, parcelado: p.parcelado ?? false, prepago: p.prepago ?? false })),
    );
    await tx.insert(operadoras).values(cartoes.operadoras.map(({ codoperadora, nome, tipo, cadastroSenha }) => ({ codoperadora, nome, tipo, cadastrosenha: cadastroSenha ?? false })));

    // The codes above are explicit (stable across installations); move each serial past them.
    for (const [table, column] of [['bandeiras', 'codbandeira'], ['produtos', 'codprodutos'], ['operadoras', 'codoperadora']] as const) {
      await tx.execute(
        sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', '${column}'), (SELECT max(${column}) FROM ${table}))`),
      );
    }

    const bandeiraId = new Map(cartoes.bandeiras.map((b) => [b.nome, b.codbandeira]));
    const produtoId = new Map(cartoes.produtos.map((p) => [p.nome, p.codprodutos]));
    for (const op of cartoes.operadoras) await insertOperatorLinks(tx, op, op.codoperadora, bandeiraId, produtoId);

    await tx.insert(estados).values(data.estados);
    const ufId = new Map(data.estados.map((e) => [e.sigla, e.coduf]));
    const rows = data.cidades.map((c) => ({ codcidade: c.codcidade, nome: c.nome, coduf: lookup(ufId, c.uf, 'state', `city ${c.codcidade}`) }));
    for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(cidades).values(rows.slice(i, i + CHUNK));
  });
  await seedFileCadences(db, data);
  return true;
}

/**
 * The reference operators' file cadence (late-file alarms): card and voucher statements on business days, Pix —
 * settled every day of the week — on every day; the limit hour is LATE_FILE_HOUR (null). A row already there is
 * kept: an administrator's change survives the restarts that call this.
 */
async function seedFileCadences(db: Db, data: ReferenceData): Promise<void> {
  const nomes = data.cartoes.operadoras.map((o) => o.nome);
  await db.execute(sql`INSERT INTO cadencia_arquivos (codoperadora, diasuteis)
    SELECT codoperadora, tipo <> 'PIX' FROM operadoras WHERE nome IN ${nomes}
    ON CONFLICT (codoperadora) DO NOTHING`);
}
