import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createThrowawayDatabase, openDb, type OpenDb } from '@concilia/db';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createMailer } from '../src/mail/mailer';
import { engines } from './harness';
import { buildPgliteTemplate } from './template';

/**
 * `npm run concilia -- caixa-saida`, run as an operator runs it (a child process) against a database the
 * mailer wrote to: without SMTP the reset link lives only in the outbox, so this is how it is read.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const CLI = path.join(ROOT, 'apps/server/src/cli/concilia.ts');
const LINK = 'http://localhost:3000/resetar-senha?idTrocaSenha=tk_SEGREDO_DO_LINK_123';

function concilia(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: '' } },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }));
  });
}

/** A database of this engine the child process can open: a PGlite folder, or a throwaway PostgreSQL database. */
async function database(engine: string): Promise<{ url: string; opened: OpenDb; drop(): Promise<void> }> {
  if (engine === 'pglite') {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-outbox-')), 'db');
    const file = inject('pgliteTemplate');
    const template = file && fs.existsSync(file) ? fs.readFileSync(file) : await buildPgliteTemplate();
    const opened = await openDb(dir, { loadDataDir: new Blob([new Uint8Array(template)]), migrate: false });
    return { url: dir, opened, drop: async () => fs.rmSync(path.dirname(dir), { recursive: true, force: true }) };
  }
  const throwaway = await createThrowawayDatabase(process.env.TEST_DATABASE_URL!);
  return { url: throwaway.url, opened: await openDb(throwaway.url), drop: throwaway.drop };
}

describe.each(engines())('npm run concilia -- caixa-saida (%s)', (engine) => {
  let db: Awaited<ReturnType<typeof database>>;
  const logs: string[] = [];
  let ids: number[];

  beforeAll(async () => {
    db = await database(engine);
    const log = pino({ level: 'debug' }, { write: (l: string) => void logs.push(l) });
    const mailer = createMailer(db.opened.db, { smtpUrl: null, from: 'Concilia <nao-responda@concilia.test>' }, log);
    await mailer.send({ to: 'Revenda@Demo.Concilia.Local', subject: 'Concilia - redefinição de senha', text: `Olá.\n\nAbra o link:\n\n${LINK}\n` });
    await mailer.send({ to: 'outra@example.com', subject: 'Outro assunto', text: 'Outra mensagem.' });
    ids = logs.map((l) => JSON.parse(l).outbox as number);
    // a PGlite folder has one user at a time: the command opens it after this process lets go
    await db.opened.close();
  });
  afterAll(() => db?.drop());

  it('the server log says a message was queued (number, recipient domain) and nothing of its text or address', () => {
    expect(logs.map((l) => JSON.parse(l))).toMatchObject([
      { outbox: ids[0], toDomain: 'demo.concilia.local' },
      { outbox: ids[1], toDomain: 'example.com' },
    ]);
    const all = logs.join('\n');
    for (const secret of ['tk_SEGREDO_DO_LINK_123', 'resetar-senha', 'Revenda@', 'outra@', 'Abra o link']) expect(all).not.toContain(secret);
  });

  it('shows the messages to an address with their whole text, the link included', async () => {
    const r = await concilia('caixa-saida', '--db', db.url, '--para', 'revenda@demo.concilia.local');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`#${ids[0]}`);
    expect(r.stdout).toContain('Assunto: Concilia - redefinição de senha');
    expect(r.stdout).toContain(LINK);
    expect(r.stdout).toContain('não enviada (sem SMTP_URL)');
    expect(r.stdout).not.toContain('Outra mensagem.');
  });

  it('shows one message by its number, and says so in one line with exit code 1 when there is none', async () => {
    // one at a time: a PGlite folder has one user at a time
    const one = await concilia('caixa-saida', '--db', db.url, '--id', String(ids[1]));
    expect(one.code).toBe(0);
    expect(one.stdout).toContain('Outra mensagem.');
    expect(one.stdout).not.toContain(LINK);
    const none = await concilia('caixa-saida', '--db', db.url, '--id', '999999');
    expect(none.code).toBe(1);
    expect(none.stdout).toBe('');
    expect(none.stderr.trim().split('\n')).toEqual(['concilia caixa-saida: nenhuma mensagem na caixa de saída com o número 999999']);
  });
});

describe('npm run concilia -- caixa-saida, used wrongly', () => {
  it('explains itself with --help (exit 0) and refuses a bad option in one pt-BR line (exit 2)', async () => {
    const mistakes = [
      [['--id', 'abc'], '--id deve ser um número inteiro positivo: abc'],
      [['--para', 'ninguem'], '--para deve ser um endereço de e-mail: ninguem'],
      [['--todas'], 'opção desconhecida: --todas'],
    ] as const;
    const [help, ...runs] = await Promise.all([concilia('caixa-saida', '--help'), ...mistakes.map(([args]) => concilia('caixa-saida', ...args))]);
    expect(help!.code).toBe(0);
    expect(help!.stdout).toContain('uso: npm run concilia -- caixa-saida [--db URL] [--id N] [--para e-mail]');
    mistakes.forEach(([, message], i) => {
      expect(runs[i]!.code).toBe(2);
      expect(runs[i]!.stderr.trim().split('\n')).toEqual([`concilia caixa-saida: ${message} (ajuda: npm run concilia -- caixa-saida --help)`]);
    });
  });

  it('a folder with no database is one line and exit 1, and is not created', async () => {
    const missing = path.join(os.tmpdir(), `concilia-nao-existe-${process.pid}`);
    const r = await concilia('caixa-saida', '--db', missing);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('não foi possível abrir o banco');
    expect(fs.existsSync(missing)).toBe(false);
  });
});
