import { openDb, seedDemo } from '@concilia/db';

/** A migrated and seeded PGlite, dumped as an uncompressed tarball (loading skips the gunzip). */
export async function buildPgliteTemplate(): Promise<Uint8Array> {
  const opened = await openDb('memory://');
  try {
    await seedDemo(opened.db);
    const dump = await opened.pglite!.dumpDataDir('none');
    return new Uint8Array(await dump.arrayBuffer());
  } finally {
    await opened.close();
  }
}
