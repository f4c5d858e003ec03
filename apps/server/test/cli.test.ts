import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm run concilia -- …` as an operator meets it: help exits 0, a mistake is one pt-BR line and exit code 2,
 * nothing prints a stack trace, and a generate that cannot finish leaves no file behind.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const CLI = path.join(ROOT, 'apps/server/src/cli/concilia.ts');

function concilia(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', DEBUG: '' } },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }));
  });
}

const STACK = /^\s+at /m;

describe.concurrent('npm run concilia', () => {
  it.each([[['--help']], [['import', '--help']], [['generate', '--help']], [['caixa-saida', '--help']], [['generate', '-h']]])(
    '%j prints its usage and exits 0',
    async (args) => {
      const r = await concilia(...args);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/uso|Uso/);
      expect(r.stderr).toBe('');
    },
  );

  it.each([
    [[], 'informe um comando'],
    [['exportar'], 'comando desconhecido: exportar'],
    [['import', '--x'], 'opção desconhecida: --x'],
    [['import'], 'informe ao menos um arquivo'],
    [['import', '/nao/existe.txt'], 'arquivo não encontrado: /nao/existe.txt'],
    [['import', '--mapeamento', '/nao/existe.json', 'x.csv'], 'arquivo de mapeamento não encontrado'],
    [['import', '--mapeamento', 'package-lock.json', '--pessoa', 'abc', 'x.csv'], '--pessoa deve ser um número'],
    [['generate', '--vendas', 'muitas'], '--vendas deve ser um número inteiro positivo'],
    [['generate', '--vendas', '5', '--inicio', '2026-02-30'], '--inicio deve ser uma data AAAA-MM-DD válida'],
    [['generate', '--vendas', '5', '--layouts', 'cielo-v99'], 'layout desconhecido: cielo-v99'],
    [['caixa-saida', '--id', 'um'], '--id deve ser um número inteiro positivo'],
  ])('%j is one pt-BR line on stderr, exit 2', async (args, says) => {
    const r = await concilia(...args);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(says);
    expect(r.stderr).toContain('--help');
    expect(r.stderr).not.toMatch(STACK);
  });

  it('generate with an establishment code too long for the layout says so and leaves no file, whole or empty', async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-cli-'));
    try {
      const r = await concilia('generate', '--vendas', '5', '--saida', out, '--layouts', 'cliente-csv,cielo-v15', '--estabelecimentos', '12345678901234567890123');
      expect(r.code).toBe(2);
      expect(r.stderr.trim()).toMatch(/^concilia generate: EC "12345678901234567890123" não é numérico de 10 posições/);
      expect(r.stderr).not.toMatch(STACK);
      // the customer file written before the failing layout stays (it is whole); nothing of the failed one does
      expect(fs.readdirSync(out).filter((f) => /CIELO|parcial/i.test(f))).toEqual([]);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });

  it('generate writes whole files and names each on stdout', async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-cli-'));
    try {
      const r = await concilia('generate', '--vendas', '20', '--saida', out, '--layouts', 'cielo-v15', '--inicio', '2026-10-01', '--dias', '3');
      expect(r.code).toBe(0);
      const [line] = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { arquivo: string; bytes: number });
      expect(fs.readdirSync(out)).toEqual([path.basename(line!.arquivo)]);
      expect(fs.statSync(line!.arquivo).size).toBe(line!.bytes);
      expect(line!.bytes).toBeGreaterThan(0);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});
