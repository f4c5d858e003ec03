import SchemaBuilder from '@pothos/core';
import type { Ctx } from './context';

export const builder = new SchemaBuilder<{
  Context: Ctx;
  DefaultFieldNullability: false;
  Scalars: { Centavos: { Input: number; Output: number }; File: { Input: File; Output: never } };
}>({
  defaultFieldNullability: false,
});

builder.queryType({});
builder.mutationType({});
