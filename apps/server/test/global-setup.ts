import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate } from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** file holding a dumpDataDir() tarball of a migrated, seeded PGlite */
    pgliteTemplate: string;
  }
}

/**
 * A fresh PGlite costs ~3.5 s of initdb + migrations + seed. Doing it once here and letting every test
 * app load the tarball (~0.7 s) keeps the suite fast while each app still gets its own database.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-test-'));
  const file = path.join(dir, 'pglite-template.tar');
  fs.writeFileSync(file, await buildPgliteTemplate());
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
