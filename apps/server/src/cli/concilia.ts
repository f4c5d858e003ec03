import fs from 'node:fs';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { arquivos, isPostgresUrl, openDb, type OpenDb, operadoras, seedReference } from '@concilia/db';
import { addDays, isBusinessDate, todayBusiness } from '@concilia/domain';
import type { ColumnMapping, WriterName } from '@concilia/engine';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { CAIXA_SAIDA_HELP, CAIXA_SAIDA_USAGE, formatOutboxMessage, outboxFilter, readOutbox } from './caixa-saida';

// The parsers, writers and the ingestion pipeline load only for the commands that use them: reading the
// outbox must not depend on (nor wait for) the whole ingestion stack.
const engine = () => import('@concilia/engine');
const ingest = async () => ({ ...(await import('../ingest/ingestion')), ...(await import('../ingest/s3-storage')) });

/**
 * The command line of Concilia (README "Linha de comando"):
 *   npm run concilia -- import [--db URL] [--pessoa N] [--mapeamento arquivo.json | --preset nome] ARQUIVO…
 *   npm run concilia -- generate --vendas N [--saida DIR] [--layouts a,b] [--semente S] [--estabelecimentos a,b]
 *                                [--inicio AAAA-MM-DD] [--dias N]
 *   npm run concilia -- caixa-saida [--db URL] [--id N] [--para e-mail]
 * `import` loads files through the same pipeline as the web and the inbox folder and prints one JSON line per
 * file; `generate` writes synthetic files in the real layouts; `caixa-saida` shows the outbox's messages.
 * Every command takes --help. A mistake is one pt-BR line on stderr and exit code 2.
 */

const USAGE: Record<string, () => Promise<string>> = {
  import: async () => `npm run concilia -- import [--db URL] [--pessoa N] [--mapeamento arquivo.json | --preset ${Object.keys((await engine()).MAPPING_PRESETS).join('|')}] ARQUIVO...`,
  generate: async () => `npm run concilia -- generate --vendas N [--saida DIR] [--layouts ${Object.keys((await engine()).WRITERS).join(',')}]
                               [--semente S] [--estabelecimentos EC1,EC2] [--inicio AAAA-MM-DD] [--dias N]`,
  'caixa-saida': async () => CAIXA_SAIDA_USAGE,
};
const HELP: Record<string, string> = { 'caixa-saida': CAIXA_SAIDA_HELP };
const allUsage = async () =>
  `uso:\n${(await Promise.all(Object.values(USAGE).map((u) => u()))).map((u) => `  ${u}`).join('\n')}\n\nAjuda de um comando: npm run concilia -- COMANDO --help`;

let command = '';

/** A usage mistake: one line naming it and where the help is, exit code 2. */
function fail(message: string): never {
  console.error(`concilia${command ? ` ${command}` : ''}: ${message} (ajuda: npm run concilia -- ${command || ''}${command ? ' ' : ''}--help)`);
  process.exit(2);
}

/** node:util parseArgs (strict) with --help, its English errors turned into one pt-BR line. */
async function parse<T extends ParseArgsConfig>(config: T) {
  if (config.args?.some((a) => a === '--help' || a === '-h')) {
    console.log(HELP[command] ?? `uso: ${await USAGE[command]!()}`);
    process.exit(0);
  }
  try {
    return parseArgs({ ...config, strict: true });
  } catch (e) {
    const code = (e as { code?: string }).code;
    const name = /'([^']+)'/.exec((e as Error).message)?.[1] ?? '';
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') fail(`opção desconhecida: ${name}`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') fail(`a opção ${name.split(' ')[0]} precisa de um valor`);
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') fail(`argumento inesperado: ${name}`);
    return fail((e as Error).message);
  }
}

/** A column mapping file (JSON), or the line saying what is wrong with it. */
function readMapping(file: string): ColumnMapping {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return fail(`arquivo de mapeamento não encontrado: ${file}`);
  }
  try {
    const mapping: unknown = JSON.parse(text);
    if (mapping && typeof mapping === 'object' && !Array.isArray(mapping)) return mapping as ColumnMapping;
  } catch {
    /* said just below */
  }
  return fail(`o arquivo de mapeamento ${file} não é um objeto JSON válido`);
}

async function importFiles(argv: string[]): Promise<void> {
  const { values, positionals } = await parse({
    args: argv,
    allowPositionals: true,
    options: { db: { type: 'string' }, pessoa: { type: 'string' }, mapeamento: { type: 'string' }, preset: { type: 'string' } },
  });
  if (positionals.length === 0) fail('informe ao menos um arquivo');
  let mapping: ColumnMapping | undefined;
  if (values.mapeamento) mapping = readMapping(values.mapeamento);
  if (values.preset) mapping = (await engine()).MAPPING_PRESETS[values.preset] ?? fail(`preset desconhecido: ${values.preset}`);
  const codpessoa = values.pessoa ? Number(values.pessoa) : null;
  if (codpessoa !== null && !Number.isInteger(codpessoa)) fail('--pessoa deve ser um número');
  // every file is checked before the database opens: a missing one is said at once and nothing is half imported
  for (const file of positionals) if (!fs.existsSync(file)) fail(`arquivo não encontrado: ${file}`);

  const config = loadConfig(values.db ? { ...process.env, DATABASE_URL: values.db } : process.env);
  const log = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const open = await openDb(config.databaseUrl, { afterMigrate: seedReference });
  const { createIngestion, storageFromConfig } = await ingest();
  const ingestion = createIngestion({
    open, log, filesDir: config.filesDir, workers: 1, pollMs: 100,
    toleranceCentavos: config.matchToleranceCentavos, feeToleranceCentavos: config.feeToleranceCentavos,
    storage: storageFromConfig(config),
  });
  let failed = false;
  try {
    const received = [];
    for (const file of positionals) {
      const r = await ingestion.receive({ source: fs.createReadStream(file), name: path.basename(file), origem: 'CLI', codpessoa, mapping });
      received.push({ file, ...r });
    }
    await ingestion.drain();
    for (const r of received) {
      const [row] = await open.db.select({
        codarquivo: arquivos.codarquivo, tipo: arquivos.tipo, status: arquivos.status, linhas: arquivos.linhas,
        repetidas: arquivos.repetidas, totais: arquivos.totais, mensagem: arquivos.mensagem, operadora: operadoras.nome,
        avisos: arquivos.avisos, mensagensavisos: arquivos.mensagensavisos,
      }).from(arquivos).leftJoin(operadoras, eq(operadoras.codoperadora, arquivos.codoperadora)).where(eq(arquivos.codarquivo, r.codarquivo));
      failed ||= row!.status === 'ERRO';
      console.log(JSON.stringify({
        codarquivo: row!.codarquivo, arquivo: r.file, operadora: row!.operadora, tipo: row!.tipo, status: row!.status,
        duplicado: r.duplicate, linhas: row!.linhas, repetidas: row!.repetidas, totais: row!.totais,
        mensagem: r.duplicate ? r.mensagem : row!.mensagem, avisos: row!.avisos, mensagensAvisos: row!.mensagensavisos ?? [],
      }));
    }
  } finally {
    await ingestion.stop();
    await open.close();
  }
  if (failed) process.exitCode = 1;
}

async function generate(argv: string[]): Promise<void> {
  const { values } = await parse({
    args: argv,
    options: {
      vendas: { type: 'string' }, saida: { type: 'string' }, layouts: { type: 'string' }, semente: { type: 'string' },
      estabelecimentos: { type: 'string' }, inicio: { type: 'string' }, dias: { type: 'string' },
    },
  });
  const sales = Number(values.vendas);
  if (!Number.isInteger(sales) || sales <= 0) fail('--vendas deve ser um número inteiro positivo');
  const layouts = (values.layouts ?? 'cielo-v15,cielo-v15-pagamentos,cliente-csv').split(',') as WriterName[];
  const { WRITERS, FieldWidthError } = await engine();
  for (const l of layouts) if (!(l in WRITERS)) fail(`layout desconhecido: ${l}`);
  const days = Number(values.dias ?? 30);
  if (!Number.isInteger(days) || days <= 0) fail('--dias deve ser um número inteiro positivo');
  const seed = Number(values.semente ?? 42);
  if (!Number.isInteger(seed)) fail('--semente deve ser um número inteiro');
  if (values.inicio !== undefined && !isBusinessDate(values.inicio)) fail(`--inicio deve ser uma data AAAA-MM-DD válida: ${values.inicio}`);
  const startDate = values.inicio ?? addDays(todayBusiness(), -days);
  const { writeScenarioFiles } = await import('../ingest/synthetic-files');
  let files;
  try {
    files = await writeScenarioFiles({
      dir: values.saida ?? 'data/gerados',
      layouts,
      scenario: {
        sales, seed, days, startDate,
        merchants: values.estabelecimentos ? values.estabelecimentos.split(',') : undefined,
      },
      fileDate: addDays(startDate, days),
    });
  } catch (e) {
    // an establishment code the layout cannot hold is the user's argument, not a failure of the program
    if (e instanceof FieldWidthError) fail(e.message);
    throw e;
  }
  for (const f of files) console.log(JSON.stringify({ arquivo: f.path, layout: f.layout, bytes: f.bytes }));
}

/** The database a reading command opens: never created nor migrated by it. */
async function openExisting(url: string): Promise<OpenDb> {
  if (!isPostgresUrl(url) && !url.startsWith('memory://') && !fs.existsSync(path.join(url, 'PG_VERSION'))) {
    throw new Error('a pasta não existe ou não contém um banco (informe --db ou DATABASE_URL)');
  }
  return openDb(url, { migrate: false });
}

/** A URL as it may be printed: without its password. */
function safeUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');
}

async function outbox(argv: string[]): Promise<void> {
  const { values } = await parse({ args: argv, options: { db: { type: 'string' }, id: { type: 'string' }, para: { type: 'string' } } });
  const filter = outboxFilter(values);
  if (typeof filter === 'string') fail(filter);
  const url = loadConfig(values.db ? { ...process.env, DATABASE_URL: values.db } : process.env).databaseUrl;
  let open: OpenDb;
  try {
    open = await openExisting(url);
  } catch (e) {
    console.error(`concilia caixa-saida: não foi possível abrir o banco ${safeUrl(url)}: ${(e as Error).message.split('\n')[0]}`);
    process.exitCode = 1;
    return;
  }
  try {
    const messages = await readOutbox(open.db, filter);
    if (messages.length === 0) {
      console.error(`concilia caixa-saida: nenhuma mensagem na caixa de saída${filter.id !== undefined ? ` com o número ${filter.id}` : ''}${filter.para ? ` para ${filter.para}` : ''}`);
      process.exitCode = 1;
      return;
    }
    console.log(messages.map(formatOutboxMessage).join(`\n\n${'-'.repeat(72)}\n\n`));
  } finally {
    await open.close();
  }
}

const COMMANDS: Record<string, (argv: string[]) => Promise<void>> = { import: importFiles, generate, 'caixa-saida': outbox };
const [first, ...rest] = process.argv.slice(2);
if (first === '--help' || first === '-h' || first === 'help') {
  console.log(await allUsage());
} else if (!first) {
  fail('informe um comando: import, generate ou caixa-saida');
} else if (!(first in COMMANDS)) {
  fail(`comando desconhecido: ${first}`);
} else {
  command = first;
  try {
    await COMMANDS[first]!(rest);
  } catch (e) {
    // Unexpected: one line a user can quote, not a stack trace (DEBUG=1 shows it to whoever debugs the CLI).
    const error = e as Error;
    console.error(`concilia ${command}: erro inesperado: ${String(error?.message ?? error).split('\n')[0]}`);
    if (process.env.DEBUG) console.error(error?.stack);
    process.exitCode = 1;
  }
}
