import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon',
  '.woff2': 'font/woff2', '.woff': 'font/woff', '.txt': 'text/plain; charset=utf-8', '.webp': 'image/webp',
};

/** The app's own pages: everything from this origin, inline styles for emotion, blob workers for ALTCHA. */
export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': [
    "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:",
    "font-src 'self'", "worker-src 'self' blob:", "connect-src 'self'", "frame-ancestors 'none'", "base-uri 'self'",
    "form-action 'self' https:", "object-src 'none'",
  ].join('; '),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

/**
 * Serves the built web app: hashed assets are cached for a year, every other path gets index.html so
 * the client router can answer it (its catch-all shows the unknown-page screen).
 */
export function serveStatic(root: string, req: IncomingMessage, res: ServerResponse, pathname: string): void {
  const index = path.join(root, 'index.html');
  if (!fs.existsSync(index)) {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('A interface web não foi construída. Rode "npm run build".');
    return;
  }
  let decoded: string;
  try { decoded = decodeURIComponent(pathname); } catch { decoded = '/'; }
  const file = path.resolve(root, `.${path.posix.normalize(decoded)}`);
  const inside = file.startsWith(path.resolve(root) + path.sep);
  const isFile = inside && fs.existsSync(file) && fs.statSync(file).isFile();
  const target = isFile ? file : index;
  const headers: Record<string, string> = {
    ...SECURITY_HEADERS,
    'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream',
    'cache-control': isFile && pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  res.writeHead(200, headers);
  if (req.method === 'HEAD') { res.end(); return; }
  fs.createReadStream(target).pipe(res);
}
