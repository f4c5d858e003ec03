import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { FtpSrv } from 'ftp-srv';
import forge from 'node-forge';

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
  const cert = opts.tls ? selfSignedCertificate() : null;
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

/** RSA 2048 from node:crypto (forge's pure-JS keygen takes seconds), certificate from forge, valid for 127.0.0.1. */
function selfSignedCertificate(): { key: string; cert: string } {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '01' + crypto.randomBytes(8).toString('hex');
  cert.validity.notBefore = new Date(Date.now() - 3600_000);
  cert.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
  const attrs = [{ shortName: 'CN', value: '127.0.0.1' }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    // self-signed and trusted directly: node accepts it as its own anchor when it is marked as a CA
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, keyCertSign: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }, { type: 2, value: 'localhost' }] },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return { key: keyPem, cert: forge.pki.certificateToPem(cert) };
}
