import fsp from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { FtpSrv } from 'ftp-srv';
import { makeLoopbackTlsCertificate } from './loopback-tls';

export type FtpTestServer = {
  host: string;
  port: number;
  /** the directory on disk that the login's '/' maps to */
  root: string;
  /** with tls: the server's self-signed certificate (PEM), for the client to trust */
  certificate: string | null;
  close(): Promise<void>;
};

/**
 * A real FTP server on 127.0.0.1 for the delivery tests (ftp-srv on a temporary directory). With `tls`, explicit
 * FTPS: plain connection, AUTH TLS, then TLS data connections (PROT P), with a certificate made at start for
 * 127.0.0.1, so a client that verifies certificates accepts it once told to trust it.
 */
export async function startFtpServer(opts: { user: string; password: string; tls?: boolean }): Promise<FtpTestServer> {
  const root = await fsp.mkdtemp(path.join(os.tmpdir(), 'concilia-ftp-'));
  const cert = opts.tls ? makeLoopbackTlsCertificate() : null;
  // ftp-srv adds SIGINT/SIGTERM/SIGQUIT handlers that exit the process; they go when this server does
  const signals = ['SIGINT', 'SIGTERM', 'SIGQUIT'] as const;
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
  const server = new FtpSrv({
    url: 'ftp://127.0.0.1:0',
    pasv_url: '127.0.0.1',
    // a random window, so test files running at the same time rarely probe the same ports
    ...pasvRange(),
    anonymous: false,
    greeting: 'Concilia test FTP',
    tls: cert ? { key: cert.key, cert: cert.cert } : false,
    log: quietLogger,
  });
  server.on('login', ({ username, password }, resolve, reject) => {
    if (username === opts.user && password === opts.password) resolve({ root });
    else reject(new Error('Usuário ou senha inválidos'));
  });
  // a client dropping its data connection (the timeout tests) is reported here; nothing to do
  server.on('client-error', () => {});
  await server.listen();
  const port = ((server as unknown as { server: { address(): AddressInfo } }).server.address()).port;
  return {
    host: '127.0.0.1',
    port,
    root,
    certificate: cert?.cert ?? null,
    async close() {
      await server.close();
      for (const s of signals) {
        for (const l of process.listeners(s)) if (!before.get(s)?.has(l)) process.removeListener(s, l);
      }
      await fsp.rm(root, { recursive: true, force: true });
    },
  };
}

function pasvRange(): { pasv_min: number; pasv_max: number } {
  const min = 40_000 + Math.floor(Math.random() * 200) * 100;
  return { pasv_min: min, pasv_max: min + 99 };
}

/** ftp-srv logs every command through bunyan to stdout; this takes the calls and drops them. */
const quietLogger = {
  child: () => quietLogger,
  trace: () => {},
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  fatal: () => {},
};

