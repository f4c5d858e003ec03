import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { BUSINESS_DAY_META, type BusinessDaySpan, businessDayMetaContent, businessDaySpan, PAGE_TITLE_TOKEN, titleForPath } from '@concilia/domain';
import fresh from 'fresh';
import Negotiator from 'negotiator';
import { escapeHtml } from './escape-html';

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

/** One body the static handler can send: a file of the build, or a page made here, in one content coding. */
interface Representation {
  coding: (typeof ENCODINGS)[number]['name'] | null;
  size: number;
  mtime: Date;
  etag: string;
  /** the file to stream, or the bytes made here */
  body: string | Buffer;
  type: string;
}

/** The /app pages' frame with one title in every coding, made once per title, build and business day. */
interface FramePage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  hash: string;
  /** when the page last changed: the build's file, or the start of the day it names */
  mtime: Date;
}

let frames: { build: string; day: BusinessDaySpan; byTitle: Map<string, FramePage> } | null = null;

/**
 * app-frame.html (build/prerender-pages.plugin.ts: the shell's top bar and the page's heading) with the title of the
 * address written in: every /app page opens with its frame and title painted from the HTML. It also says which
 * business day it is, and when that day starts and ends (BUSINESS_DAY_META, read by the app as it boots: a first
 * screen's default dates need no Intl object, whose ICU set-up costs the page ~110 ms of CPU on a phone). Made and
 * compressed once per title of the routes table (a few dozen), build and day, then kept.
 */
function framePage(file: string, stat: fs.Stats, title: string): FramePage {
  const build = `${stat.size}-${stat.mtimeMs}`;
  const now = Date.now();
  if (frames?.build !== build || now < frames.day.from || now >= frames.day.to) {
    frames = { build, day: businessDaySpan(new Date(now)), byTitle: new Map() };
  }
  const day = frames.day;
  let page = frames.byTitle.get(title);
  if (!page) {
    const meta = `<meta name="${BUSINESS_DAY_META}" content="${businessDayMetaContent(day)}">`;
    const identity = Buffer.from(fs.readFileSync(file, 'utf8').replace(PAGE_TITLE_TOKEN, escapeHtml(title)).replace('</head>', `${meta}</head>`));
    page = {
      identity,
      br: zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: zlib.gzipSync(identity, { level: 9 }),
      hash: crypto.createHash('sha256').update(identity).digest('base64url').slice(0, 16),
      mtime: new Date(Math.max(stat.mtimeMs, day.from)),
    };
    frames.byTitle.set(title, page);
  }
  return page;
}

/** The codings of the build's file `target` (its precompressed siblings) or of the frame page, and the plain one. */
function representations(target: string, pathname: string, usesFrame: boolean): Representation[] {
  const type = TYPES[path.extname(target)] ?? 'application/octet-stream';
  const stat = statFile(target)!;
  if (usesFrame) {
    const page = framePage(target, stat, titleForPath(pathname));
    return [...ENCODINGS.map((e) => ({ name: e.name, body: page[e.name] })), { name: null, body: page.identity }].map(({ name, body }) => ({
      coding: name, size: body.length, mtime: page.mtime, etag: `W/"${page.hash}${name ? `-${name}` : ''}"`, body, type,
    }));
  }
  const files = [...ENCODINGS.map((e) => ({ name: e.name, file: target + e.ext })), { name: null, file: target }];
  return files.flatMap(({ name, file }) => {
    const st = file === target ? stat : statFile(file);
    if (!st) return [];
    const etag = `W/"${st.size.toString(36)}-${Math.floor(st.mtimeMs).toString(36)}${name ? `-${name}` : ''}"`;
    return [{ coding: name, size: st.size, mtime: st.mtime, etag, body: file, type }];
  });
}

/**
 * Serves the built web app: hashed assets are cached for a year; `/` gets index.html, where the build rendered the
 * sign-in page; an /app page, app-frame.html with its title (the shell's frame, see `framePage`); and every other
 * path app.html (the same scripts over a logo placeholder; index.html for a build without either) so the client
 * router can answer it (its catch-all shows the unknown-page screen) — except a missing /assets/
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
  const frame = path.join(root, 'app-frame.html');
  const usesFrame = !found && (pathname === '/app' || pathname.startsWith('/app/')) && statFile(frame) !== null;
  const target = found ?? (usesFrame ? frame : pathname === '/' || !statFile(app) ? index : app);

  const variants = representations(target, pathname, usesFrame);
  const coded = variants.filter((v) => v.coding !== null);
  // the browser's q-values decide ('*', 'identity;q=0' included); among equals brotli, the smaller, wins
  const preferred = new Negotiator(req).encoding([...coded.map((v) => v.coding!), 'identity'], { preferred: ['br', 'gzip', 'identity'] });
  const sent = variants.find((v) => v.coding === (preferred === 'identity' ? null : preferred)) ?? variants.find((v) => v.coding === null)!;

  const headers: Record<string, string> = {
    ...SECURITY_HEADERS,
    'cache-control': found && isAsset ? IMMUTABLE : REVALIDATE,
    etag: sent.etag,
    'last-modified': sent.mtime.toUTCString(),
  };
  // a shared cache must key on the coding whenever another request could get a different body
  if (coded.length > 0) headers.vary = 'Accept-Encoding';

  // RFC 9110 §13.1: If-None-Match, when sent, decides alone; else If-Modified-Since
  if (fresh(req.headers, { etag: sent.etag, 'last-modified': headers['last-modified'] })) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers['content-type'] = sent.type;
  headers['content-length'] = String(sent.size);
  if (sent.coding) headers['content-encoding'] = sent.coding;
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  if (typeof sent.body !== 'string') {
    res.end(sent.body);
    return;
  }
  fs.createReadStream(sent.body)
    .on('error', () => res.destroy())
    .pipe(res);
}
