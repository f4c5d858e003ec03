import { customType, integer } from 'drizzle-orm/pg-core';

/** Binary contents kept in the row (certificates, logos, registration documents): Buffers both ways on either engine. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * The tenant key of a line table: the client at the root of the line's place in the hierarchy (the CLIENTE at
 * or above its unit; the person itself when no client is above it, a reseller's own lines; the platform's root
 * when the line is attributed to nobody), SQL `cliente_raiz(codpessoa)`. Every table of lines, and of what the
 * reconciliation derives from them, carries it so that the data can be distributed by client (Citus) with each
 * client's lines, pairs and summaries on one node: docs/scaling.md. Every writer sets it from the line it comes
 * from; no trigger fills it in (one would turn off COPY's batched insert: migration 0031).
 */
export const tenantKey = () => ({ codcliente: integer('codcliente').notNull() });
