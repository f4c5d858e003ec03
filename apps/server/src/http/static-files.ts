import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fresh from 'fresh';
import Negotiator from 'negotiator';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon',
  '.woff2': 'font/woff2', '.woff': 'font/woff', '.txt': 'text/plain; charset=utf-8', '.webp': 'image/webp',
};

/** The app's own pages: everything from this origin (ALTCHA's worker too), inline styles for emotion. */
export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': [
    "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:",
    "font-src 'self'", "worker-src 'self'", "connect-src 'self'", "frame-ancestors 'none'", "base-uri 'self'",
    "form-action 'self' https:", "object-src 'none'",
  ].join('; '),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

/** Vite names everything under /assets/ by its content hash: a new build is a new name, so a year is safe. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html (and the SPA fallback) names the current hashed files: the browser asks again every time (a 304 when unchanged). */
const REVALIDATE = 'no-cache';

/** The build's precompressed siblings (vite-plugin-compression2), in order of preference. */
const ENCODINGS = [{ name: 'br', ext: '.br' }, { name: 'gzip', ext: '.gz' }] as const;

const statFile = (file: string): fs.Stats | null => {
  try {
    const st = fs.statSync(file);
    return st.isFile() ? st : null;
  } catch {
    return null;
  }
};

/** The request's path as a file below root, or null when it tries to leave it (.., NUL, backslash, dot-files). */
function fileFor(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  // a dot segment is either a climb out of the folder or a file the build never meant to publish (.vite/…)
  if (decoded.split('/').some((s) => s.startsWith('.'))) return null;
  const base = path.resolve(root);
  const file = path.resolve(base, `.${path.posix.normalize(decoded)}`);
  return file === base || file.startsWith(base + path.sep) ? file : null;
}

/**
 * Serves the built web app: hashed assets are cached for a year; `/` gets index.html, where the build rendered the
 * sign-in page, and every other path app.html (the same scripts over a logo placeholder; index.html for a build
 * without it) so the client router can answer it (its catch-all shows the unknown-page screen) — except a missing /assets/
 * file, a 404, so a page still running an old build fails its import clearly instead of parsing HTML as a
 * script. Each file goes out as its .br or .gz sibling when the browser accepts that coding, with an ETag
 * (per coding) and Last-Modified for the 304 of a revalidation.
 */
export function serveStatic(root: string, req: IncomingMessage, res: ServerResponse, pathname: string): void {
  const index = path.join(root, 'index.html');
  if (!statFile(index)) {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('A interface web não foi construída. Rode "npm run build".');
    return;
  }
  const file = fileFor(root, pathname);
  if (file === null) {
    res.writeHead(400, { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8' });
    res.end('Caminho inválido.');
    return;
  }
  const found = statFile(file) ? file : null;
  const isAsset = pathname.startsWith('/assets/');
  if (!found && isAsset) {
    res.writeHead(404, { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8', 'cache-control': REVALIDATE });
    res.end('Arquivo não encontrado.');
    return;
  }
  const app = path.join(root, 'app.html');
  const target = found ?? (pathname === '/' || !statFile(app) ? index : app);

  const variants = ENCODINGS.map((e) => ({ ...e, stat: statFile(target + e.ext) })).filter((v) => v.stat);
  // the browser's q-values decide ('*', 'identity;q=0' included); among equals brotli, the smaller, wins
  const preferred = new Negotiator(req).encoding([...variants.map((v) => v.name), 'identity'], { preferred: ['br', 'gzip', 'identity'] });
  const chosen = variants.find((v) => v.name === preferred);
  const sent = chosen ? target + chosen.ext : target;
  const stat = chosen?.stat ?? statFile(sent)!;
  const etag = `W/"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}${chosen ? `-${chosen.name}` : ''}"`;

  const headers: Record<string, string> = {
    ...SECURITY_HEADERS,
    'cache-control': found && isAsset ? IMMUTABLE : REVALIDATE,
    etag,
    'last-modified': stat.mtime.toUTCString(),
  };
  // a shared cache must key on the coding whenever another request could get a different body
  if (variants.length > 0) headers.vary = 'Accept-Encoding';

  // RFC 9110 §13.1: If-None-Match, when sent, decides alone; else If-Modified-Since
  if (fresh(req.headers, { etag, 'last-modified': headers['last-modified'] })) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers['content-type'] = TYPES[path.extname(target)] ?? 'application/octet-stream';
  headers['content-length'] = String(stat.size);
  if (chosen) headers['content-encoding'] = chosen.name;
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  fs.createReadStream(sent)
    .on('error', () => res.destroy())
    .pipe(res);
}
