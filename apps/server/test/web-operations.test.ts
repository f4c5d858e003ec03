import fs from 'node:fs';
import path from 'node:path';
import { INTEGRATION_SCREENS, LIST_SCREENS, REGISTERS, SUBLISTS } from '@concilia/domain';
import { buildSchema, getNamedType, parse, validate } from 'graphql';
import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { requestLimits } from '../src/graphql/request-limits';
import { documentText } from '../../web/src/lib/graphql';
import { OPS } from '../../web/src/lib/operations';
import {
  actionDocument, bucketsDocument, deleteDocument, entryDocument, getDocument, listDocument, OPTION_LIST_ARGS, optionListDocument, prepareDocument, saveDocument,
} from '../../web/src/registers/register-operations';

// The web client's static documents are typed by gql.tada from the schema, but gql.tada does not reject an
// unknown field or a wrong argument (it types what it can); the register kit's documents are strings built
// from the declarations at run time. This keeps both honest against the committed schema, with the text the
// client sends, so a renamed field fails here instead of in a user's browser.
const schemaText = fs.readFileSync(path.resolve(import.meta.dirname, '../schema.graphql'), 'utf8');
const schema = buildSchema(schemaText);
const errorsOf = (doc: string) => validate(schema, parse(doc)).map((e) => e.message);

// The request limits as production runs them (graphql/request-limits.ts) over the same committed schema:
// parse and validation only, so no resolver is needed; a document past a limit answers REQUEST_LIMIT.
const limited = createYoga({ schema: createSchema({ typeDefs: schemaText }), plugins: requestLimits(loadConfig({ NODE_ENV: 'production' })), logging: false });
async function refusalsOf(doc: string): Promise<string[]> {
  const res = await limited.fetch('http://localhost/graphql', {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1' }, body: JSON.stringify({ query: doc }),
  });
  const body = (await res.json()) as { errors?: { message: string; extensions?: { code?: string } }[] };
  return (body.errors ?? []).filter((e) => e.extensions?.code === 'REQUEST_LIMIT').map((e) => e.message);
}

describe('web operations match the committed GraphQL schema', () => {
  it.each(Object.entries(OPS))('%s validates and passes the request limits', async (_name, doc) => {
    expect(errorsOf(documentText(doc))).toEqual([]);
    expect(await refusalsOf(documentText(doc))).toEqual([]);
  });

  // Screens also name option lists outside the declarations (SelectField optionList="…", useOptionList):
  // every list the API offers must build a valid document, its argument spelled as OPTION_LIST_ARGS says.
  const optionLists = Object.values(schema.getQueryType()!.getFields())
    .filter((f) => getNamedType(f.type).name === 'OptionItem')
    .map((f) => f.name);
  it('every option list of the schema builds a valid document', () => {
    expect(optionLists.length).toBeGreaterThan(10);
    expect(Object.keys(OPTION_LIST_ARGS).filter((name) => !optionLists.includes(name))).toEqual([]);
    expect(optionLists.flatMap((name) => errorsOf(optionListDocument(name)).map((e) => `${name}: ${e}`))).toEqual([]);
  });

  it.each([...REGISTERS, ...SUBLISTS, ...LIST_SCREENS, ...INTEGRATION_SCREENS].map((def) => [def.key, def] as const))('register %s: every document the screen sends validates and passes the request limits', async (_key, def) => {
    const docs = [listDocument(def)];
    if (def.ops.get) docs.push(getDocument(def));
    if (def.ops.save) docs.push(saveDocument(def));
    if (def.ops.delete) docs.push(deleteDocument(def));
    if (def.buckets) docs.push(bucketsDocument(def));
    // every kind of action but 'open' and 'sublist' (a component, no call) sends its document: row, download, filter
    for (const action of def.actions ?? []) if (action.kind !== 'open' && action.kind !== 'sublist') docs.push(actionDocument(def, action));
    for (const [name, field] of Object.entries(def.fields)) {
      for (const list of [field.optionList, field.labelList]) if (list) docs.push(optionListDocument(list));
      // an 'entry' field's checks (resultadoAddTaxas…) and the wizard's prepare call
      const e = field.entry;
      if (e) for (const op of [e.add, e.update, e.remove, e.flagged?.add]) if (op) docs.push(entryDocument(def, name, op));
    }
    if (def.wizard?.prepare) docs.push(prepareDocument(def));
    expect(docs.flatMap(errorsOf)).toEqual([]);
    expect((await Promise.all(docs.map(refusalsOf))).flat()).toEqual([]);
  });
});
