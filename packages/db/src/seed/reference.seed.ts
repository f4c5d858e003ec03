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
 * codes), the 27 states and every IBGE municipality. Skips when operators already exist, so it is safe to
 * call at every start. Works on PGlite and node-postgres alike (plain multi-row INSERTs). Returns whether
 * it seeded.
 */
export async function seedReference(db: Db, data: ReferenceData = loadReferenceData()): Promise<boolean> {
  if (await isReferenceSeeded(db)) return false;
  const { cartoes } = data;
  await db.transaction(async (tx) => {
    await tx.insert(bandeiras).values(cartoes.bandeiras);
    await tx.insert(produtos).values(
      cartoes.produtos.map((p) => ({ ...p, parcelado: p.parcelado ?? false, prepago: p.prepago ?? false })),
    );
    await tx.insert(operadoras).values(cartoes.operadoras.map(({ codoperadora, nome, tipo }) => ({ codoperadora, nome, tipo })));

    // The codes above are explicit (stable across installations); move each serial past them.
    for (const [table, column] of [['bandeiras', 'codbandeira'], ['produtos', 'codprodutos'], ['operadoras', 'codoperadora']] as const) {
      await tx.execute(
        sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', '${column}'), (SELECT max(${column}) FROM ${table}))`),
      );
    }

    const bandeiraId = new Map(cartoes.bandeiras.map((b) => [b.nome, b.codbandeira]));
    const produtoId = new Map(cartoes.produtos.map((p) => [p.nome, p.codprodutos]));
    for (const op of cartoes.operadoras) {
      const links = Object.entries(op.bandeiras).map(([nome, codigo]) => ({
        codoperadora: op.codoperadora, codbandeira: lookup(bandeiraId, nome, 'brand', op.nome), codigooperadora: codigo,
      }));
      if (links.length) await tx.insert(operadoraBandeiras).values(links);

      const codigos = (op.codigosProduto ?? []).map(([codigo, descricao, produto, bandeira]) => ({
        codoperadora: op.codoperadora, codigo, descricao,
        codprodutos: lookup(produtoId, produto, 'product', op.nome),
        codbandeira: bandeira === null ? null : lookup(bandeiraId, bandeira, 'brand', op.nome),
      }));
      if (codigos.length) await tx.insert(operadoraCodigosProduto).values(codigos);

      // What the operator offers: every product its codes name, plus the ones listed outright.
      const ofertados = new Set([...codigos.map((c) => c.codprodutos), ...op.produtos.map((p) => lookup(produtoId, p, 'product', op.nome))]);
      if (ofertados.size) {
        await tx.insert(operadoraProdutos).values([...ofertados].sort((a, b) => a - b).map((codprodutos) => ({ codoperadora: op.codoperadora, codprodutos })));
      }
    }

    await tx.insert(estados).values(data.estados);
    const ufId = new Map(data.estados.map((e) => [e.sigla, e.coduf]));
    const rows = data.cidades.map((c) => ({ codcidade: c.codcidade, nome: c.nome, coduf: lookup(ufId, c.uf, 'state', `city ${c.codcidade}`) }));
    for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(cidades).values(rows.slice(i, i + CHUNK));
  });
  return true;
}
