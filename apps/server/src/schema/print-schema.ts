import fs from 'node:fs';
import path from 'node:path';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { schema } from './index';

/** Writes the committed schema.graphql; a test fails when the code and that file disagree. */
export const SCHEMA_FILE = path.resolve(import.meta.dirname, '../../schema.graphql');
export const printedSchema = () => `${printSchema(lexicographicSortSchema(schema))}\n`;

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  fs.writeFileSync(SCHEMA_FILE, printedSchema());
  console.log(`wrote ${SCHEMA_FILE}`);
}
