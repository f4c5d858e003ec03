import crypto from 'node:crypto';
import type { Ctx } from '../graphql/context';

/**
 * Files offered for download (spec part 1 §7: "downloads are served from a temporary folder under the
 * application host"). A download mutation registers what to send and answers a path; the browser then
 * GETs it with its session cookie. Nothing is copied ahead: the body is produced when fetched (a stored
 * original streams straight from its store). Offers live in this process's memory for a few minutes and
 * are taken once; a deployment with several web processes needs sticky sessions for downloads.
 */
export type DownloadBody = Uint8Array | string | (() => AsyncIterable<Uint8Array>);

export type Offer = {
  fileName: string;
  contentType: string;
  body: DownloadBody;
  /** only this user's session may fetch it */
  codusuario: number;
  expires: number;
};

export const DOWNLOAD_PREFIX = '/download/';
/** long enough for a slow browser to start the fetch, short enough that a leaked link is useless */
export const DOWNLOAD_TTL_MS = 5 * 60_000;

const offers = new Map<string, Offer>();

function sweep(now: number) {
  for (const [token, o] of offers) if (o.expires <= now) offers.delete(token);
}

/** Registers a file for the signed-in user and answers the path the browser fetches it from. */
export async function offerDownload(ctx: Ctx, file: { fileName: string; contentType: string; body: DownloadBody }): Promise<string> {
  const me = await ctx.requireUser();
  const now = Date.now();
  sweep(now);
  // 128 random bits: a path cannot be guessed, and it is bound to the user anyway
  const token = crypto.randomBytes(16).toString('base64url');
  offers.set(token, { ...file, codusuario: me.codusuario, expires: now + DOWNLOAD_TTL_MS });
  return `${DOWNLOAD_PREFIX}${token}`;
}

/** The offer behind a token for this user, taken (a second fetch finds nothing); null when unknown, expired or someone else's. */
export function takeOffer(token: string, codusuario: number): Offer | null {
  const now = Date.now();
  sweep(now);
  const o = offers.get(token);
  if (!o || o.codusuario !== codusuario) return null;
  offers.delete(token);
  return o;
}
