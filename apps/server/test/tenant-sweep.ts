import fs from 'node:fs';
import {
  buildSchema, getNamedType, type GraphQLArgument, type GraphQLField, type GraphQLInputType, type GraphQLNamedType, type GraphQLSchema,
  isEnumType, isInputObjectType, isInterfaceType, isListType, isNonNullType, isObjectType, isScalarType, isUnionType,
} from 'graphql';
import type { TestApp } from './harness';

/**
 * The tenant-isolation sweep's machinery (tenant-isolation.test.ts): the committed schema read with graphql's
 * buildSchema, one document per operation with every argument built from its type and the victim's ids, a
 * selection of every field the answer can carry, and a fingerprint of the victim's rows in the database.
 */

export const SCHEMA_FILE = new URL('../schema.graphql', import.meta.url);

export function loadSchema(): GraphQLSchema {
  return buildSchema(fs.readFileSync(SCHEMA_FILE, 'utf8'));
}

export type OperationKind = 'query' | 'mutation';
export type Operation = { kind: OperationKind; name: string; field: GraphQLField<unknown, unknown> };

export function operationsOf(schema: GraphQLSchema): Operation[] {
  const ops: Operation[] = [];
  for (const [kind, type] of [['query', schema.getQueryType()], ['mutation', schema.getMutationType()]] as const) {
    for (const field of Object.values(type?.getFields() ?? {})) ops.push({ kind, name: field.name, field });
  }
  return ops;
}

/** What the sweep knows of the victim: its ids, codes and the texts that must never reach an attacker. */
export type Victim = {
  /** every person of the victim's branch (the client and its units, or the platform itself) */
  pessoas: number[];
  /** the person ids are sent as (a unit of the client; the platform) */
  unidade: number;
  /** the top person of the victim's branch */
  topo: number;
  arquivos: number[];
  usuarios: number[];
  login: string;
  email: string;
  linhasOperadora: number[];
  linhasCliente: number[];
  terminais: number[];
  taxas: number[];
  /** the victim's reconciliation plans and their rates */
  planos: number[];
  planoTaxas: number[];
  planoContratos: number[];
  /** the victim's POS plans, their product rates and terminal contracts */
  planosPos: number[];
  planoPosTaxas: number[];
  planoTerminais: number[];
  perfis: number[];
  /** a ticket row key (`C-<codlinhasarqcli>` or `A-<codlinha>`) */
  ticketId: string;
  /** an operator-only sale of the victim, as Importar Ticket keys it */
  importavelId: string;
  codoperadora: number;
  codexterno: string;
  /** the window the victim's sales fall in */
  de: string;
  ate: string;
  /** names and codes that appear only in the victim's data */
  markers: string[];
};

/**
 * Argument values by argument (or input field) name: ids are the victim's. What is not here is built from its
 * type alone (Int → the victim's unit, String → the victim's establishment code, Boolean → false…).
 */
export function hint(name: string, v: Victim): unknown {
  const H: Record<string, () => unknown> = {
    codpessoa: () => v.unidade, codPessoa: () => v.unidade, empresa: () => v.topo, concioperadora: () => v.unidade,
    codpessoacliente: () => v.topo, codpessoapai: () => v.topo,
    codarquivo: () => v.arquivos[0], codusuario: () => v.usuarios[0], codterminal: () => v.terminais[0],
    codtaxaantecipacao: () => v.taxas[0], codperfil: () => v.perfis[0],
    codplanosconciliadores: () => v.planos[0], codplanosconciliadorestaxas: () => v.planoTaxas[0], codtaxa: () => v.planoTaxas[0],
    codplanosconciliadorescontrato: () => v.planoContratos[0],
    codplano: () => v.planosPos[0], codplanos: () => v.planosPos[0], codplanostaxas: () => v.planoPosTaxas[0],
    codplanosterminal: () => v.planoTerminais[0], listTerminal: () => v.terminais.length ? v.terminais : [1], codlinhasarqcli: () => v.linhasCliente[0],
    codoperadora: () => v.codoperadora, codOperadora: () => v.codoperadora, codBandeira: () => 1, quantidadeParcelas: () => 1,
    codcidade: () => 3106200, diascliente: () => 1, recursos: () => [1, 2, 3],
    id: () => v.ticketId, login: () => v.login, usuario: () => v.login, username: () => v.login, email: () => v.email,
    codexterno: () => v.codexterno, codexternoconciliador: () => v.codexterno, responsavel: () => 'INTRUSO',
    de: () => v.de, dataInicial: () => v.de, datavenda: () => v.de, vigenciade: () => v.de, datainiciocobranca: () => v.de,
    ate: () => v.ate, dataFinal: () => v.ate, datavendaate: () => v.ate, vigenciaate: () => v.ate, validade: () => '2099-12-31',
    password: () => 'senha-errada-1', senha: () => 'Intruso2026x', senhaAtual: () => 'senha-errada-1', confirmaSenha: () => 'Intruso2026x',
    idsession: () => 'sessao-inexistente', idTrocaSenha: () => 'token-inexistente', param: () => 'token-inexistente',
    nome: () => 'Intruso', nomeabreviado: () => 'Intruso', texto: () => 'Intruso', status: () => 'A', estado: () => 'MG',
    cnpj: () => '45723174000110', telefone: () => '(31) 3333-4444', cep: () => '30110-000', numero: () => '100', tipo: () => 'C', acao: () => 'desconsiderar', vinculo: () => 'POS', taxa: () => 1.5,
    uf: () => 'MG', busca: () => 'Belo', resultado: () => undefined, origem: () => undefined,
    // pagination: from the first row, a page big enough to hold every seeded row
    inicio: () => 0, offset: () => 0, skip: () => 0, pagina: () => 1, page: () => 1, first: () => 500, limit: () => 500, limite: () => 500,
    pageSize: () => 500, tamanho: () => 500, tamanhoPagina: () => 500, porPagina: () => 500,
  };
  return H[name]?.();
}

/**
 * 'full' fills every argument and input field (what a save or an action needs); 'wide' leaves out the optional
 * ones that only narrow a list (names, NSU, status…) and keeps ids, dates and pages, so a list that leaks is not
 * hidden by a filter that matches nothing; 'bare' keeps only what is required, the window and the page.
 */
export type ArgMode = 'full' | 'wide' | 'bare';
const WIDE = /^(cod[A-Za-z]*|id|empresa|concioperadora|de|ate|data[A-Za-z]*|inicio|offset|skip|pagina|page|first|limit|limite|pageSize|tamanho[A-Za-z]*|porPagina|values|editValues|registro|insert)$/;
/** 'bare': no id at all, only the window and the page — everything the caller may list */
const BARE = /^(de|ate|data[A-Za-z]*|inicio|offset|skip|pagina|page|first|limit|limite|pageSize|tamanho[A-Za-z]*|porPagina|values|registro)$/;

/** A value for an input of this type: the hint by name, else one built from the type. */
export function valueFor(name: string, type: GraphQLInputType, v: Victim, depth = 0, mode: ArgMode = 'full'): unknown {
  if (mode !== 'full' && !isNonNullType(type) && !(mode === 'wide' ? WIDE : BARE).test(name)) return undefined;
  // every date there is: lists without the one-month rule show all (the ones with it refuse, the other modes cover them)
  // (a window's dates are text; 'de'/'ate' as integers are a rate's installments)
  const text = getNamedType(type).name === 'String';
  if (mode === 'bare' && text && /^(de|dataInicial|vigenciade)$/.test(name)) return '2000-01-01';
  if (mode === 'bare' && text && /^(ate|dataFinal|vigenciaate)$/.test(name)) return '2099-12-31';
  const named = getNamedType(type);
  // 'de'/'ate' are a window's dates almost everywhere; as integers they are a range of installments (a plan's rate)
  const byName = hint(name, v);
  const hinted = named.name === 'Int' && typeof byName === 'string' ? 1 : byName;
  if (hinted !== undefined && !isInputObjectType(named)) {
    if (isListType(isNonNullType(type) ? type.ofType : type) && !Array.isArray(hinted)) return [hinted];
    return hinted;
  }
  if (name === 'resultado' || name === 'origem') return isNonNullType(type) ? 'x' : undefined;
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return [valueFor(name, inner.ofType as GraphQLInputType, v, depth, mode)];
  if (isInputObjectType(named)) {
    if (depth > 4) return undefined;
    const out: Record<string, unknown> = {};
    for (const f of Object.values(named.getFields())) {
      const value = valueFor(f.name, f.type, v, depth + 1, mode);
      if (value !== undefined) out[f.name] = value;
    }
    return out;
  }
  if (isEnumType(named)) return named.getValues()[0]!.name;
  switch (named.name) {
    case 'Int': return v.unidade;
    case 'Float': return 1.5;
    case 'String': case 'ID': return v.codexterno;
    case 'Boolean': return false;
    case 'Centavos': return 100;
    case 'File': return null; // sent as a multipart part
    default: throw new Error(`the sweep has no value for scalar ${named.name} (argument ${name})`);
  }
}

export function argsFor(op: Operation, v: Victim, mode: ArgMode = 'full'): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const a of op.field.args) {
    const value = valueFor(a.name, a.type, v, 0, mode);
    if (value !== undefined) out[a.name] = value;
  }
  return out;
}

/** Every field the answer can carry (scalars at any depth up to 4, fields without required arguments). */
export function selectionOf(type: GraphQLNamedType, depth = 0): string {
  if (isScalarType(type) || isEnumType(type)) return '';
  if (isUnionType(type) || isInterfaceType(type)) return '{ __typename }';
  if (!isObjectType(type) || depth > 4) return '{ __typename }';
  const parts: string[] = [];
  for (const f of Object.values(type.getFields())) {
    if (f.args.some((a) => isNonNullType(a.type))) continue;
    const named = getNamedType(f.type);
    if (isScalarType(named) || isEnumType(named)) parts.push(f.name);
    else if (depth < 4) parts.push(`${f.name} ${selectionOf(named, depth + 1)}`);
  }
  return `{ ${parts.join(' ')} }`;
}

const typeText = (a: GraphQLArgument) => String(a.type);

/** The operation as one document whose arguments are all variables. */
export function documentOf(op: Operation): string {
  const vars = op.field.args.map((a) => `$${a.name}: ${typeText(a)}`).join(', ');
  const args = op.field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const sel = selectionOf(getNamedType(op.field.type));
  return `${op.kind} ${op.name}${vars ? `(${vars})` : ''} { ${op.name}${args ? `(${args})` : ''} ${sel} }`;
}

/** Names of the arguments of type File (sent as multipart parts). */
export const fileArgs = (op: Operation): string[] => op.field.args.filter((a) => getNamedType(a.type).name === 'File').map((a) => a.name);

/** A GraphQL multipart request (the upload protocol the file screens use), with the CSRF header the app requires. */
export async function callMultipart(
  t: TestApp, query: string, variables: Record<string, unknown>, files: Record<string, { name: string; bytes: Uint8Array }>, cookie?: string,
) {
  const form = new FormData();
  const vars = { ...variables };
  const map: Record<string, string[]> = {};
  Object.keys(files).forEach((arg, i) => {
    vars[arg] = null;
    map[String(i)] = [`variables.${arg}`];
  });
  form.set('operations', JSON.stringify({ query, variables: vars }));
  form.set('map', JSON.stringify(map));
  Object.entries(files).forEach(([, f], i) => form.set(String(i), new File([new Uint8Array(f.bytes)], f.name)));
  const headers: Record<string, string> = { 'x-graphql-yoga-csrf': '1' };
  if (cookie) headers.cookie = cookie;
  return t.fetch({ method: 'POST', headers, body: form });
}

/**
 * Tables whose rows are the machinery's, not a tenant's data: sessions, sign-in attempts, outbox, queue, audit trail
 * ('auditoria'; 'auditoria_taxas' is the fee audit, a tenant's data), download offers (a user's own download call
 * writes one; what it holds is checked by fetching it).
 */
const NOT_TENANT_DATA = /^(sessoes|tentativas_login|botcheck_usados|caixa_saida|jobs|auditoria|auditoria_acessos|log_.*|.*_log|downloads?|downloads_oferecidos)$/;

type Fingerprint = Record<string, string>;

/**
 * The victim's rows, table by table: every row whose person, file, user, line, terminal, rate or profile column
 * names one of the victim's — as a count and a hash of the rows' content. Columns are found in the catalogue, so
 * a table added later is covered without touching the sweep.
 */
export async function victimFingerprint(t: TestApp, v: Victim): Promise<Fingerprint> {
  const ids = (xs: number[]) => (xs.length ? xs.join(',') : 'NULL');
  const byColumn: Record<string, string> = {
    codpessoa: ids(v.pessoas), codpessoapai: ids(v.pessoas), codpessoacliente: ids(v.pessoas), codpessoacriador: ids(v.pessoas),
    codarquivo: ids(v.arquivos), codusuario: ids(v.usuarios), codlinha: ids(v.linhasOperadora), codlinhasarqcli: ids(v.linhasCliente),
    codterminal: ids(v.terminais), codtaxaantecipacao: ids(v.taxas), codperfil: ids(v.perfis),
    codplanosconciliadores: ids(v.planos), codplanosconciliadorestaxas: ids(v.planoTaxas),
    codplanosconciliadorescontrato: ids(v.planoContratos),
    codplano: ids(v.planosPos), codplanos: ids(v.planosPos), codplanostaxas: ids(v.planoPosTaxas), codplanosterminal: ids(v.planoTerminais),
    // what hangs from the victim's establishments (documents, alarms) and its operator codes' status history
    codestabelecimento: `SELECT codestabelecimento FROM estabelecimentos WHERE codpessoa IN (${ids(v.pessoas)})`,
    codexterno: `SELECT codexterno FROM estabelecimentos WHERE codpessoa IN (${ids(v.pessoas)})`,
  };
  const cols = await t.exec(`SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = 'public' AND column_name IN (${Object.keys(byColumn).map((c) => `'${c}'`).join(',')}) ORDER BY table_name, column_name`);
  const tables = new Map<string, string[]>();
  for (const c of cols) {
    const table = String(c.table_name);
    if (NOT_TENANT_DATA.test(table)) continue;
    tables.set(table, [...(tables.get(table) ?? []), String(c.column_name)]);
  }
  // Surrogate keys are left out of the hash: the reconciliation rebuilds a day's derived rows (expected payments,
  // summaries) for every tenant at once, with new ids and the same content — content is what must not change.
  const generated = await t.exec(`SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = 'public' AND (is_identity = 'YES' OR column_default LIKE 'nextval%')`);
  const surrogate = (table: string) => generated.filter((g) => g.table_name === table).map((g) => `'${String(g.column_name)}'`);
  const out: Fingerprint = {};
  for (const [table, columns] of tables) {
    const where = columns.map((c) => `r.${c} IN (${byColumn[c]})`).join(' OR ');
    const keys = surrogate(table);
    const text = keys.length ? `(to_jsonb(r) - ARRAY[${keys.join(',')}]::text[])::text` : 'to_jsonb(r)::text';
    const [row] = await t.exec(`SELECT count(*)::int AS n, md5(coalesce(string_agg(md5(${text}), ',' ORDER BY md5(${text})), '')) AS h
      FROM ${table} r WHERE ${where}`);
    out[table] = `${row!.n}:${row!.h}`;
  }
  return out;
}

/** Tables whose victim rows differ between two fingerprints. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => before[k] !== after[k]);
}

/**
 * Where the victim shows up in an answer's data: its ids under their own names, or its names and codes anywhere.
 * A row of a file the caller sent itself (`ownFiles`) may name the victim's code the caller put in it.
 */
export function victimTraces(data: unknown, v: Victim, ownFiles: ReadonlySet<number> = new Set()): string[] {
  const found: string[] = [];
  const idSets: Record<string, number[]> = {
    codpessoa: v.pessoas, codarquivo: v.arquivos, codusuario: v.usuarios, codlinha: v.linhasOperadora, codlinhasarqcli: v.linhasCliente,
    codterminal: v.terminais, codtaxaantecipacao: v.taxas, codperfil: v.perfis,
    codplanosconciliadores: v.planos, codplanosconciliadorestaxas: v.planoTaxas, codplanosconciliadorescontrato: v.planoContratos,
    codplano: v.planosPos, codplanos: v.planosPos, codplanostaxas: v.planoPosTaxas, codplanosterminal: v.planoTerminais,
  };
  const walk = (x: unknown, path: string) => {
    if (Array.isArray(x)) x.forEach((e, i) => walk(e, `${path}[${i}]`));
    else if (x && typeof x === 'object') {
      const codarquivo = (x as { codarquivo?: unknown }).codarquivo;
      if (typeof codarquivo === 'number' && ownFiles.has(codarquivo)) return;
      for (const [k, val] of Object.entries(x)) {
        const set = idSets[k];
        if (set && typeof val === 'number' && set.includes(val)) found.push(`${path}.${k}=${val}`);
        walk(val, `${path}.${k}`);
      }
    } else if (typeof x === 'string') {
      for (const m of v.markers) if (x.includes(m)) found.push(`${path}: "${m}"`);
    }
  };
  walk(data, 'data');
  return found;
}
