// negotiator 1.x: @types/negotiator still describes 0.6, which lacks the server's own order among equal q-values
// (`preferred`, added in 1.1). Only what the static file server uses.
declare module 'negotiator' {
  import type { IncomingMessage } from 'node:http';

  export default class Negotiator {
    constructor(request: Pick<IncomingMessage, 'headers'>);
    /** the best of `available` by the request's Accept-Encoding; among equals, `preferred`'s order */
    encoding(available: string[], options?: { preferred?: string[] }): string | undefined;
    encodings(available?: string[], options?: { preferred?: string[] }): string[];
  }
}
