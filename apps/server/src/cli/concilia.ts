import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { arquivos, openDb, operadoras, seedReference } from '@concilia/db';
import { addDays, todayBusiness } from '@concilia/domain';
import { type ColumnMapping, MAPPING_PRESETS, WRITERS, type WriterName } from '@concilia/engine';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { createIngestion } from '../ingest/ingestion';
import { storageFromConfig } from '../ingest/s3-storage';
import { writeScenarioFiles } from '../ingest/synthetic-files';
import { createLogger } from '../logger';

/**
 * The command line of Concilia (README "Linha de comando"):
 *   npm run concilia -- import [--db URL] [--pessoa N] [--mapeamento arquivo.json | --preset nome] ARQUIVO…
 *   npm run concilia -- generate --vendas N [--saida DIR] [--layouts a,b] [--semente S] [--estabelecimentos a,b]
 *                                [--inicio AAAA-MM-DD] [--dias N]
 * `import` loads files through the same pipeline as the web and the inbox folder and prints one JSON line per
 * file; `generate` writes synthetic files in the real layouts.
 */

const USAGE = `uso:
  npm run concilia -- import [--db URL] [--pessoa N] [--mapeamento arquivo.json | --preset ${Object.keys(MAPPING_PRESETS).join('|')}] ARQUIVO...
  npm run concilia -- generate --vendas N [--saida DIR] [--layouts ${Object.keys(WRITERS).join(',')}]
                               [--semente S] [--estabelecimentos EC1,EC2] [--inicio AAAA-MM-DD] [--dias N]`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

async function importFiles(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { db: { type: 'string' }, pessoa: { type: 'string' }, mapeamento: { type: 'string' }, preset: { type: 'string' } },
  });
  if (positionals.length === 0) fail('informe ao menos um arquivo');
  let mapping: ColumnMapping | undefined;
  if (values.mapeamento) mapping = JSON.parse(fs.readFileSync(values.mapeamento, 'utf8')) as ColumnMapping;
  if (values.preset) mapping = MAPPING_PRESETS[values.preset] ?? fail(`preset desconhecido: ${values.preset}`);
  const codpessoa = values.pessoa ? Number(values.pessoa) : null;
  if (codpessoa !== null && !Number.isInteger(codpessoa)) fail('--pessoa deve ser um número');

  const config = loadConfig(values.db ? { ...process.env, DATABASE_URL: values.db } : process.env);
  const log = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const open = await openDb(config.databaseUrl);
  await seedReference(open.db);
  const ingestion = createIngestion({
    open, log, filesDir: config.filesDir, workers: 1, pollMs: 100,
    toleranceCentavos: config.matchToleranceCentavos, feeToleranceCentavos: config.feeToleranceCentavos,
    storage: storageFromConfig(config),
  });
  let failed = false;
  try {
    const received = [];
    for (const file of positionals) {
      if (!fs.existsSync(file)) fail(`arquivo não encontrado: ${file}`);
      const r = await ingestion.receive({ source: fs.createReadStream(file), name: path.basename(file), origem: 'CLI', codpessoa, mapping });
      received.push({ file, ...r });
    }
    await ingestion.drain();
    for (const r of received) {
      const [row] = await open.db.select({
        codarquivo: arquivos.codarquivo, tipo: arquivos.tipo, status: arquivos.status, linhas: arquivos.linhas,
        repetidas: arquivos.repetidas, totais: arquivos.totais, mensagem: arquivos.mensagem, operadora: operadoras.nome,
      }).from(arquivos).leftJoin(operadoras, eq(operadoras.codoperadora, arquivos.codoperadora)).where(eq(arquivos.codarquivo, r.codarquivo));
      failed ||= row!.status === 'ERRO';
      console.log(JSON.stringify({
        codarquivo: row!.codarquivo, arquivo: r.file, operadora: row!.operadora, tipo: row!.tipo, status: row!.status,
        duplicado: r.duplicate, linhas: row!.linhas, repetidas: row!.repetidas, totais: row!.totais,
        mensagem: r.duplicate ? r.mensagem : row!.mensagem,
      }));
    }
  } finally {
    await ingestion.stop();
    await open.close();
  }
  if (failed) process.exitCode = 1;
}

async function generate(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      vendas: { type: 'string' }, saida: { type: 'string' }, layouts: { type: 'string' }, semente: { type: 'string' },
      estabelecimentos: { type: 'string' }, inicio: { type: 'string' }, dias: { type: 'string' },
    },
  });
  const sales = Number(values.vendas);
  if (!Number.isInteger(sales) || sales <= 0) fail('--vendas deve ser um número inteiro positivo');
  const layouts = (values.layouts ?? 'cielo-v15,cielo-v15-pagamentos,cliente-csv').split(',') as WriterName[];
  for (const l of layouts) if (!(l in WRITERS)) fail(`layout desconhecido: ${l}`);
  const days = Number(values.dias ?? 30);
  const startDate = values.inicio ?? addDays(todayBusiness(), -days);
  const files = await writeScenarioFiles({
    dir: values.saida ?? 'data/gerados',
    layouts,
    scenario: {
      sales, seed: Number(values.semente ?? 42), days, startDate,
      merchants: values.estabelecimentos ? values.estabelecimentos.split(',') : undefined,
    },
    fileDate: addDays(startDate, days),
  });
  for (const f of files) console.log(JSON.stringify({ arquivo: f.path, layout: f.layout, bytes: f.bytes }));
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'import') await importFiles(rest);
else if (command === 'generate') await generate(rest);
else fail(command ? `comando desconhecido: ${command}` : 'informe um comando');
