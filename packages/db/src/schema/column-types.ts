import { customType } from 'drizzle-orm/pg-core';

/** Binary contents kept in the row (certificates, logos, registration documents): Buffers both ways on either engine. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
