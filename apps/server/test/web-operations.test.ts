import fs from 'node:fs';
import path from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { OPS } from '../../web/src/lib/operations';

// The web client's documents are plain strings typed by hand; this keeps them honest against the
// committed schema, so a renamed field fails here instead of in a user's browser.
const schema = buildSchema(fs.readFileSync(path.resolve(import.meta.dirname, '../schema.graphql'), 'utf8'));

describe('web operations match the committed GraphQL schema', () => {
  it.each(Object.entries(OPS))('%s validates', (_name, doc) => {
    expect(validate(schema, parse(doc.query)).map((e) => e.message)).toEqual([]);
  });
});
