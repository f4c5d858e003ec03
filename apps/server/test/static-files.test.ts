import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, BUSINESS_DAY_META, businessDayMetaContent, businessDaySpan, PAGE_TITLE_TOKEN, parseBusinessDayMeta } from '@concilia/domain';
import { SECURITY_HEADERS, serveStatic } from '../src/http/static-files';

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root" data-prerendered="/"><main>Acesse sua conta</main></div></body></html>';
/** The same scripts over the logo placeholder: what every path but the sign-in page gets. */
const APP = '<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"><img src="/logo.svg"></div></body></html>';
/** The /app pages' frame (build/prerender-pages.plugin.ts): the same scripts over the shell's frame, a place for the title. */
const FRAME = `<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"><header><img src="/logo.svg"></header><h1>${PAGE_TITLE_TOKEN}</h1></div></body></html>`;
/** The frame as served: the title written in, and the business day of now in its head. */
const framed = (title: string) => FRAME.replace(PAGE_TITLE_TOKEN, title)
  .replace('</head>', `<meta name="${BUSINESS_DAY_META}" content="${businessDayMetaContent(businessDaySpan())}"></head>`);
const SCRIPT = `export const x = ${JSON.stringify('concilia '.repeat(400))};\n`;

let root: string;
let server: http.Server;
let port: number;

/** A GET (or HEAD) with exactly these headers: no client-side decompression, so the coding sent is visible. */
function get(pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A built web app as vite-plugin-compression2 leaves it: each text file beside its .br and .gz. */
function writeWithSiblings(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-static-'));
  writeWithSiblings(path.join(root, 'index.html'), INDEX);
  writeWithSiblings(path.join(root, 'app.html'), APP);
  // not precompressed by the build: each title makes its own page
  fs.writeFileSync(path.join(root, 'app-frame.html'), FRAME);
  writeWithSiblings(path.join(root, 'assets/index-AbC123.js'), SCRIPT);
  // a font is stored compressed already: no siblings
  fs.writeFileSync(path.join(root, 'assets/open-sans-XyZ.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32, 1, 2, 3]));
  fs.writeFileSync(path.join(root, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.mkdirSync(path.join(root, '.vite'));
  fs.writeFileSync(path.join(root, '.vite/manifest.json'), '{}');
  // a file beside the folder served: what a traversal would reach
  fs.writeFileSync(path.join(path.dirname(root), `${path.basename(root)}-secret.txt`), 'segredo');
  server = http.createServer((req, res) => serveStatic(root, req, res, new URL(req.url ?? '/', 'http://localhost').pathname));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(path.join(path.dirname(root), `${path.basename(root)}-secret.txt`), { force: true });
});

describe('static files', () => {
  it('sends the brotli sibling when the browser accepts br, with the type and length of what is sent', async () => {
    const r = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(r.headers.vary).toBe('Accept-Encoding');
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
    expect(r.body.length).toBeLessThan(Buffer.byteLength(SCRIPT));
    expect(zlib.brotliDecompressSync(r.body).toString()).toBe(SCRIPT);
  });

  it('falls back to gzip, then to the plain file, as Accept-Encoding allows', async () => {
    const gz = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(SCRIPT);
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);

    // br refused by q=0 and gzip preferred: the plain q-values are honoured, not just the names
    const refused = await get('/assets/index-AbC123.js', { 'accept-encoding': 'br;q=0, gzip;q=0.8' });
    expect(refused.headers['content-encoding']).toBe('gzip');

    const star = await get('/assets/index-AbC123.js', { 'accept-encoding': '*;q=1, br;q=0' });
    expect(star.headers['content-encoding']).toBe('gzip');

    for (const header of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'gzip;q=0, br;q=0' }] as Record<string, string>[]) {
      const plain = await get('/assets/index-AbC123.js', header);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding');
      expect(plain.body.toString()).toBe(SCRIPT);
      expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(SCRIPT));
    }
  });

  it('serves a file without siblings as it is, without Vary', async () => {
    const r = await get('/assets/open-sans-XyZ.woff2', { 'accept-encoding': 'br, gzip' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('font/woff2');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers.vary).toBeUndefined();
    expect(r.body.length).toBe(7);
  });

  it('caches hashed /assets/ files for a year and makes index.html, the SPA fallback and root files revalidate', async () => {
    const asset = await get('/assets/index-AbC123.js', { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const p of ['/', '/index.html', '/app/dashboard', '/logo.svg']) {
      const r = await get(p, { 'accept-encoding': 'br' });
      expect(r.status, p).toBe(200);
      expect(r.headers['cache-control'], p).toBe('no-cache');
      expect(r.headers.etag, p).toBeTruthy();
      expect(r.headers['last-modified'], p).toBeTruthy();
    }
    const spa = await get('/pagina-que-nao-existe', { 'accept-encoding': 'br' });
    expect(spa.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(zlib.brotliDecompressSync(spa.body).toString()).toBe(APP);
  });

  it('sends the sign-in page the build rendered for / only, the frame to /app pages and the placeholder page to every other path', async () => {
    for (const p of ['/', '/?isVis=true', '/index.html']) expect((await get(p)).body.toString(), p).toBe(INDEX);
    for (const p of ['/spc', '/signUp', '/painel', '/pagina-que-nao-existe', '/application']) expect((await get(p)).body.toString(), p).toBe(APP);
    for (const p of ['/app', '/app/dashboard', '/app/cadastro-que-nao-existe']) expect((await get(p)).body.toString(), p).toContain('<header>');

    // a build made before the frame or the sign-in page was rendered: app.html, or index.html alone, answers
    fs.renameSync(path.join(root, 'app-frame.html'), path.join(root, 'app-frame.html.bak'));
    try {
      expect((await get('/app/dashboard')).body.toString()).toBe(APP);
      fs.renameSync(path.join(root, 'app.html'), path.join(root, 'app.html.bak'));
      expect((await get('/app/dashboard')).body.toString()).toBe(INDEX);
    } finally {
      fs.renameSync(path.join(root, 'app-frame.html.bak'), path.join(root, 'app-frame.html'));
      if (fs.existsSync(path.join(root, 'app.html.bak'))) fs.renameSync(path.join(root, 'app.html.bak'), path.join(root, 'app.html'));
    }
  });

  it("writes the address's title from the routes table into the /app frame, in each coding, with a validator per title", async () => {
    const dashboard = await get('/app/dashboard', { 'accept-encoding': 'br' });
    expect(dashboard.headers['content-encoding']).toBe('br');
    expect(dashboard.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(dashboard.headers['cache-control']).toBe('no-cache');
    expect(Number(dashboard.headers['content-length'])).toBe(dashboard.body.length);
    expect(zlib.brotliDecompressSync(dashboard.body).toString()).toBe(framed('Dashboard'));

    // case and a final slash do not change the page (titleForPath); accented titles stay whole in every coding
    expect((await get('/app/Dashboard/')).body.toString()).toBe(framed('Dashboard'));
    const gz = await get('/app/parametros', { 'accept-encoding': 'gzip' });
    expect(zlib.gunzipSync(gz.body).toString()).toBe(framed('Parâmetros'));
    // a register screen's title comes from its declaration
    expect((await get('/app/cliente')).body.toString()).toBe(framed('Cliente'));
    // an address the table does not know: the frame without a title, the token never shown
    const unknown = (await get('/app/tela-que-nao-existe')).body.toString();
    expect(unknown).toBe(framed(''));
    expect(unknown).not.toContain(PAGE_TITLE_TOKEN);

    const etag = dashboard.headers.etag!;
    expect((await get('/app/dashboard', { 'accept-encoding': 'br', 'if-none-match': etag })).status).toBe(304);
    // another title is another page: the dashboard's validator does not match it, nor another coding
    expect((await get('/app/home', { 'accept-encoding': 'br', 'if-none-match': etag })).status).toBe(200);
    expect((await get('/app/dashboard', { 'accept-encoding': 'gzip', 'if-none-match': etag })).status).toBe(200);

    // a new build's frame is a new page
    fs.writeFileSync(path.join(root, 'app-frame.html'), FRAME.replace('<header>', '<header class="v2">'));
    try {
      const rebuilt = await get('/app/dashboard', { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(rebuilt.status).toBe(200);
      expect(zlib.brotliDecompressSync(rebuilt.body).toString()).toContain('<header class="v2"><img src="/logo.svg"></header><h1>Dashboard</h1>');
    } finally {
      fs.writeFileSync(path.join(root, 'app-frame.html'), FRAME);
    }
  });

  it("tells each /app page which business day it is, and serves a new page when São Paulo's date turns", async () => {
    const dayOf = (body: Buffer) => parseBusinessDayMeta(new RegExp(`<meta name="${BUSINESS_DAY_META}" content="([^"]*)">`).exec(body.toString())?.[1]);
    // only Date is faked: the server's sockets keep their real timers
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // the day's last millisecond, then the next day's first (the days after the frame file was written)
      const today = businessDaySpan();
      const tomorrow = businessDaySpan(new Date(today.to));
      vi.setSystemTime(new Date(today.to - 1));
      const evening = await get('/app/dashboard');
      expect(dayOf(evening.body)).toEqual(today);
      // a revalidation within the day is a 304
      expect((await get('/app/dashboard', { 'if-none-match': evening.headers.etag! })).status).toBe(304);

      vi.setSystemTime(new Date(today.to));
      const midnight = await get('/app/dashboard', { 'if-none-match': evening.headers.etag!, 'if-modified-since': evening.headers['last-modified']! });
      expect(midnight.status).toBe(200);
      expect(dayOf(midnight.body)).toEqual(tomorrow);
      expect(tomorrow.date).toBe(addDays(today.date, 1));
      expect(midnight.headers.etag).not.toBe(evening.headers.etag);
      // the page changed when the day began, so a browser holding yesterday's copy by date gets the new one too
      expect(midnight.headers['last-modified']).toBe(new Date(tomorrow.from).toUTCString());
      expect((await get('/app/dashboard', { 'if-modified-since': evening.headers['last-modified']! })).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    // the sign-in page and the placeholder page are the build's files as they are
    expect((await get('/')).body.toString()).not.toContain(BUSINESS_DAY_META);
    expect((await get('/outra-coisa')).body.toString()).not.toContain(BUSINESS_DAY_META);
  });

  it('answers a revalidation with 304 and no body while the file is unchanged, per coding', async () => {
    const first = await get('/', { 'accept-encoding': 'br' });
    const etag = first.headers.etag!;
    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('no-cache');

    // the gzip body is another representation: the br validator does not match it
    const otherCoding = await get('/', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(otherCoding.status).toBe(200);

    const plain = await get('/app/home');
    const byDate = await get('/app/home', { 'if-modified-since': plain.headers['last-modified']! });
    expect(byDate.status).toBe(304);

    fs.writeFileSync(path.join(root, 'index.html.br'), zlib.brotliCompressSync(`${INDEX}<!-- nova versão -->`));
    const changed = await get('/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('answers HEAD with the headers only', async () => {
    const r = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(Number(r.headers['content-length'])).toBe(fs.statSync(path.join(root, 'assets/index-AbC123.js.gz')).size);
    expect(r.body.length).toBe(0);
  });

  it('keeps the security headers on every answer', async () => {
    for (const p of ['/', '/assets/index-AbC123.js', '/app/home']) {
      const r = await get(p, { 'accept-encoding': 'br' });
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(r.headers[name], `${p} ${name}`).toBe(value);
    }
  });

  it('gives a missing hashed asset a 404, not the HTML of the SPA fallback', async () => {
    const r = await get('/assets/index-OldBuild.js');
    expect(r.status).toBe(404);
    expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('refuses paths that climb out of the folder or reach its dot-files', async () => {
    const secret = `${path.basename(root)}-secret.txt`;
    for (const p of [`/..%2f${secret}`, `/assets/..%2f..%2f${secret}`, '/%2e%2e%2f%2e%2e%2fetc/passwd', '/assets/%5c..%5c..%5cetc%5cpasswd', '/.vite/manifest.json', '/index.html%00.js', '/%E0%A4%A']) {
      const r = await get(p);
      expect(r.status, p).toBe(400);
      expect(r.body.toString(), p).not.toContain('segredo');
    }
    // a raw ../ is resolved by URL parsing before the handler sees it: it stays inside and gets the app
    const raw = await get(`/../${secret}`);
    expect(raw.body.toString()).not.toContain('segredo');
  });
});
