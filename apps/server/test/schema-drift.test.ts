import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { printedSchema, SCHEMA_FILE } from '../src/schema/print-schema';

describe('committed GraphQL schema', () => {
  // The web client's types are generated from schema.graphql; a stale file means a client that lies.
  it('matches the schema the server builds (regenerate with `npm run schema:print`)', () => {
    expect(fs.readFileSync(SCHEMA_FILE, 'utf8')).toBe(printedSchema());
  });
});
