import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { printedSchema, SCHEMA_FILE } from '../src/schema/print-schema';

const WEB = path.resolve(import.meta.dirname, '../../web');

describe('committed GraphQL schema', () => {
  // The web client's types are generated from schema.graphql; a stale file means a client that lies.
  it('matches the schema the server builds (regenerate with `npm run schema:print`)', () => {
    expect(fs.readFileSync(SCHEMA_FILE, 'utf8')).toBe(printedSchema());
  });

  // gql.tada types the web documents from graphql-env.d.ts, not from schema.graphql itself: the committed
  // introspection must be what its own CLI makes of the committed schema, or the type check proves nothing.
  it('web graphql-env.d.ts is what gql.tada generates from it (regenerate with `npm run schema:print`)', () => {
    const cli = path.join(path.dirname(createRequire(path.join(WEB, 'package.json')).resolve('gql.tada/package.json')), 'bin/cli.js');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gql-tada-'));
    try {
      const out = path.join(dir, 'graphql-env.d.ts');
      execFileSync(process.execPath, [cli, 'generate', 'output', '--tsconfig', path.join(WEB, 'tsconfig.json'), '--output', out], { stdio: 'pipe' });
      expect(fs.readFileSync(path.join(WEB, 'src/graphql-env.d.ts'), 'utf8')).toBe(fs.readFileSync(out, 'utf8'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
