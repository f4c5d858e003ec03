import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { SSH_FINGERPRINT } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, DeliveryError, type DeliveryTarget, retryable } from '../src/integrations/delivery/delivery';
import { makeS3Client } from '../src/s3/s3-client';
import { startFtpServer } from './support/ftp-server';
import { startS3Server, type S3TestServer } from './support/s3-server';
import { startSftpServer, type SftpTestServer } from './support/sftp-server';

/**
 * Delivery of integration files to clients' servers, against real servers on 127.0.0.1: SFTP (ssh2's server on a
 * temporary directory), FTP and explicit FTPS (ftp-srv) and S3 (s3rver). What arrives is read back from the
 * server's own storage: the bytes, in a nested directory created on the way, replaced by a re-delivery, with no
 * temporary file left. Failures come as DeliveryError with a code and a message that names the server and never
 * the password.
 */
const USER = 'entrega';
const PASSWORD = 'Senh@-Secreta-4721';
const NAME = 'VENDAS_20261123.txt';
const DIR = '/entrada/concilia/2026';

/** a port where nothing listens: taken from the OS, then released */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

/** accepts connections and never says a word, as a server behind a broken firewall or a hung daemon */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const srv = net.createServer((s) => {
    sockets.add(s);
    s.on('error', () => {});
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  return {
    port: (srv.address() as net.AddressInfo).port,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => srv.close(() => resolve()));
    },
  };
}

async function failure(p: Promise<unknown>): Promise<DeliveryError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(DeliveryError);
    return err as DeliveryError;
  }
  throw new Error('the delivery was expected to fail');
}

/** 5 MB in 64 KiB chunks, made as it is read, as a generated integration file would be */
function fiveMegabytes(): { expected: Buffer; body: () => Readable } {
  const expected = crypto.randomBytes(5 * 1024 * 1024);
  const body = () =>
    Readable.from(
      (function* () {
        for (let i = 0; i < expected.length; i += 64 * 1024) yield expected.subarray(i, i + 64 * 1024);
      })(),
    );
  return { expected, body };
}

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

describe.each(['SFTP', 'FTP', 'FTPS'] as const)('delivery by %s', (protocolo) => {
  let server: { host: string; port: number; root: string; certificate?: string | null; close(): Promise<void> };
  beforeAll(async () => {
    server =
      protocolo === 'SFTP'
        ? await startSftpServer({ user: USER, password: PASSWORD })
        : await startFtpServer({ user: USER, password: PASSWORD, tls: protocolo === 'FTPS' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const target = (over: Partial<Extract<DeliveryTarget, { host: string }>> = {}): DeliveryTarget => ({
    protocolo,
    host: server.host,
    porta: server.port,
    login: USER,
    senha: PASSWORD,
    diretorio: DIR,
    ...over,
  });
  const opts = () => ({ timeoutMs: 10_000, ...(server.certificate ? { ca: server.certificate } : {}) });
  const onDisk = (...parts: string[]) => path.join(server.root, ...parts);

  it('creates the missing nested directory, delivers the bytes, and a re-delivery replaces them', async () => {
    const first = Buffer.from('0001;primeira versão do arquivo;R$ 1.234,56\n'.repeat(50), 'utf8');
    expect((await deliver(target(), NAME, first, opts())).remotePath).toBe(`${DIR}/${NAME}`);
    expect(await fsp.readFile(onDisk(DIR, NAME))).toEqual(first);

    // shorter than the first: a replacement that only overwrote would leave the old tail behind
    const second = Buffer.from('0002;segunda versão\n', 'utf8');
    expect((await deliver(target(), NAME, second, opts())).remotePath).toBe(`${DIR}/${NAME}`);
    expect(await fsp.readFile(onDisk(DIR, NAME))).toEqual(second);
    expect(await fsp.readdir(onDisk(DIR))).toEqual([NAME]);
  });

  it('without a directory, delivers to the login directory', async () => {
    const body = Buffer.from('sem diretório\n');
    expect((await deliver(target({ diretorio: null }), 'RAIZ.txt', body, opts())).remotePath).toBe('RAIZ.txt');
    expect(await fsp.readFile(onDisk('RAIZ.txt'))).toEqual(body);
  });

  it('a streamed body of 5 MB arrives whole, and no temporary file is left', async () => {
    const { expected, body } = fiveMegabytes();
    await deliver(target({ diretorio: `${DIR}/grande` }), 'GRANDE.txt', body, opts());
    expect(sha(await fsp.readFile(onDisk(DIR, 'grande', 'GRANDE.txt')))).toBe(sha(expected));
    expect(await fsp.readdir(onDisk(DIR, 'grande'))).toEqual(['GRANDE.txt']);
  });

  it('a wrong password: AUTENTICACAO, naming the server and not the password, not worth retrying soon', async () => {
    let called = false;
    const body = () => {
      called = true;
      return Readable.from([Buffer.from('x')]);
    };
    const err = await failure(deliver(target({ senha: 'errada-123' }), NAME, body, opts()));
    expect(err.code).toBe('AUTENTICACAO');
    expect(err.message).toBe(`Usuário ou senha recusados pelo servidor ${protocolo} 127.0.0.1:${server.port}.`);
    expect(err.message).not.toContain('errada-123');
    expect(retryable(err)).toBe(false);
    // the file is generated only once the server has accepted the connection
    expect(called).toBe(false);
  });

  it('a directory that cannot be created (a file is in the way): DIRETORIO, not worth retrying soon', async () => {
    await fsp.writeFile(onDisk('bloqueio'), 'um arquivo, não um diretório');
    const err = await failure(deliver(target({ diretorio: '/bloqueio/sub' }), NAME, Buffer.from('x'), opts()));
    expect(err.code).toBe('DIRETORIO');
    expect(err.message).toMatch(new RegExp(`^O diretório /bloqueio/sub não existe e não pôde ser criado no servidor ${protocolo} 127\\.0\\.0\\.1:${server.port}`));
    expect(retryable(err)).toBe(false);
  });

  it('a closed port: CONEXAO, worth retrying', async () => {
    const port = await closedPort();
    const err = await failure(deliver(target({ porta: port }), NAME, Buffer.from('x'), opts()));
    expect(err.code).toBe('CONEXAO');
    expect(err.message).toBe(`Não foi possível conectar ao servidor ${protocolo} 127.0.0.1:${port}: conexão recusada.`);
    expect(retryable(err)).toBe(true);
  });

  it('a server that accepts and never answers: TEMPO_ESGOTADO after the timeout', async () => {
    const silent = await silentServer();
    try {
      const started = Date.now();
      const err = await failure(deliver(target({ porta: silent.port }), NAME, Buffer.from('x'), { ...opts(), timeoutMs: 600 }));
      expect(err.code).toBe('TEMPO_ESGOTADO');
      expect(err.message).toBe(`O servidor ${protocolo} 127.0.0.1:${silent.port} não respondeu em 0,6 s.`);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(retryable(err)).toBe(true);
    } finally {
      await silent.close();
    }
  });
});

/** A throwaway ed25519 host key, and its fingerprint as `ssh-keygen -lf` printed it: the format users copy from. */
const HOST_KEY = `-----BEGIN OPENSSH PRIVATE KEY-----
b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW
QyNTUxOQAAACD56DDpEmmPeVwqTdCzgScR/TKioU/CKKWdedkHLBWnlAAAAIi1beqYtW3q
mAAAAAtzc2gtZWQyNTUxOQAAACD56DDpEmmPeVwqTdCzgScR/TKioU/CKKWdedkHLBWnlA
AAAEDdRxZrffODbOEySnmVQ60M1U3VR5DOSYTokIHTOQ31MvnoMOkSaY95XCpN0LOBJxH9
MqKhT8IopZ152QcsFaeUAAAAAAECAwQF
-----END OPENSSH PRIVATE KEY-----
`;
const HOST_KEY_FINGERPRINT = 'SHA256:hm/+o3UtYO6owhDRzu1wr9GsZGbmmVKoibKeshmoonw';

describe("SFTP server's host key", () => {
  let server: SftpTestServer;
  beforeAll(async () => {
    server = await startSftpServer({ user: USER, password: PASSWORD, hostKey: HOST_KEY });
  });
  afterAll(async () => {
    await server?.close();
  });
  const target = (chave: string | null) => ({ protocolo: 'SFTP' as const, host: server.host, porta: server.port, login: USER, senha: PASSWORD, diretorio: DIR, chave });

  it('answers the key it met when none is trusted yet, and delivers to the server holding the trusted one', async () => {
    expect((await deliver(target(null), 'PRIMEIRA.txt', Buffer.from('1\n'), { timeoutMs: 10_000 })).chaveServidor).toBe(HOST_KEY_FINGERPRINT);
    expect(HOST_KEY_FINGERPRINT).toMatch(SSH_FINGERPRINT);
    const again = await deliver(target(server.fingerprint), 'SEGUNDA.txt', Buffer.from('2\n'), { timeoutMs: 10_000 });
    expect(again.remotePath).toBe(`${DIR}/SEGUNDA.txt`);
    expect(await fsp.readFile(path.join(server.root, DIR, 'SEGUNDA.txt'), 'utf8')).toBe('2\n');
  });

  it('another key: CHAVE_SERVIDOR naming both keys, refused before the password is sent, nothing written, not retried', async () => {
    // the address now answers with another key: the server was replaced, or someone stands in its place
    const impostor = await startSftpServer({ user: USER, password: PASSWORD });
    try {
      const err = await failure(deliver({ ...target(server.fingerprint), porta: impostor.port }, NAME, Buffer.from('x'), { timeoutMs: 10_000 }));
      expect(err.code).toBe('CHAVE_SERVIDOR');
      expect(err.message).toContain(`servidor SFTP 127.0.0.1:${impostor.port}`);
      expect(err.message).toContain(impostor.fingerprint);
      expect(err.message).toContain(server.fingerprint);
      expect(retryable(err)).toBe(false);
      expect(impostor.passwordsReceived()).toBe(0);
      expect(await fsp.readdir(impostor.root)).toEqual([]);
    } finally {
      await impostor.close();
    }
  });
});

describe('FTPS certificate', () => {
  it('an untrusted certificate is refused before the password is sent', async () => {
    const server = await startFtpServer({ user: USER, password: PASSWORD, tls: true });
    try {
      const target: DeliveryTarget = { protocolo: 'FTPS', host: '127.0.0.1', porta: server.port, login: USER, senha: PASSWORD, diretorio: DIR };
      // no `ca`: the server's self-signed certificate is nobody's
      const err = await failure(deliver(target, NAME, Buffer.from('x'), { timeoutMs: 10_000 }));
      expect(err.code).toBe('CONEXAO');
      expect(err.message).toMatch(new RegExp(`^O certificado TLS do servidor FTPS 127\\.0\\.0\\.1:${server.port} não é confiável`));
      expect(err.message).not.toContain(PASSWORD);
    } finally {
      await server.close();
    }
  });
});

describe('delivery to S3', () => {
  let s3: S3TestServer;
  const BUCKET = 'integracoes';
  beforeAll(async () => {
    s3 = await startS3Server();
    await s3.bucket(BUCKET);
  });
  afterAll(async () => {
    await s3?.close();
  });

  const target = (over: Partial<Extract<DeliveryTarget, { protocolo: 'S3' }>> = {}): DeliveryTarget => ({
    protocolo: 'S3',
    endpoint: s3.endpoint,
    regiao: s3.region,
    bucket: BUCKET,
    pasta: '/entrada/concilia/',
    keyid: s3.accessKeyId,
    senha: s3.secretAccessKey,
    ...over,
  });
  /** read back through the SDK, as the client's own systems would */
  async function getObject(key: string): Promise<Buffer> {
    const client = makeS3Client({ endpoint: s3.endpoint, region: s3.region, bucket: BUCKET, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey });
    try {
      const out = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      return Buffer.from(await out.Body!.transformToByteArray());
    } finally {
      client.destroy();
    }
  }

  it('puts the object under the folder; a re-delivery replaces it', async () => {
    const first = Buffer.from('0001;primeira versão\n'.repeat(20));
    expect(await deliver(target(), NAME, first)).toEqual({ remotePath: `s3://${BUCKET}/entrada/concilia/${NAME}` });
    expect(await getObject(`entrada/concilia/${NAME}`)).toEqual(first);
    const second = Buffer.from('0002;segunda\n');
    await deliver(target(), NAME, second);
    expect(await getObject(`entrada/concilia/${NAME}`)).toEqual(second);
    expect([...(await s3.objects(BUCKET, 'entrada/concilia/')).keys()]).toEqual([`entrada/concilia/${NAME}`]);
  });

  it('a streamed body of 5 MB arrives whole', async () => {
    const { expected, body } = fiveMegabytes();
    await deliver(target({ pasta: null }), 'GRANDE.txt', body);
    expect(sha(await getObject('GRANDE.txt'))).toBe(sha(expected));
  });

  it('a wrong secret: AUTENTICACAO naming the bucket, not the secret', async () => {
    const err = await failure(deliver(target({ senha: 'segredo-errado-99' }), NAME, Buffer.from('x')));
    expect(err.code).toBe('AUTENTICACAO');
    expect(err.message).toBe(`Acesso negado ao bucket ${BUCKET} (chave de acesso ou segredo inválidos).`);
    expect(err.message).not.toContain('segredo-errado-99');
    expect(retryable(err)).toBe(false);
  });

  it('a bucket that does not exist: DIRETORIO', async () => {
    const err = await failure(deliver(target({ bucket: 'nao-existe' }), NAME, Buffer.from('x')));
    expect(err.code).toBe('DIRETORIO');
    expect(err.message).toBe(`O bucket nao-existe não existe no serviço S3 ${new URL(s3.endpoint).host}.`);
  });

  it('a closed port: CONEXAO', async () => {
    const port = await closedPort();
    const err = await failure(deliver(target({ endpoint: `http://127.0.0.1:${port}` }), NAME, Buffer.from('x')));
    expect(err.code).toBe('CONEXAO');
    expect(err.message).toBe(`Não foi possível conectar ao serviço S3 127.0.0.1:${port}: conexão recusada.`);
  });
  it('a service that accepts and never answers: TEMPO_ESGOTADO', async () => {
    const silent = await silentServer();
    try {
      const err = await failure(deliver(target({ endpoint: `http://127.0.0.1:${silent.port}` }), NAME, Buffer.from('x'), { timeoutMs: 400 }));
      expect(err.code).toBe('TEMPO_ESGOTADO');
      expect(err.message).toBe(`O serviço S3 127.0.0.1:${silent.port} não respondeu em 0,4 s.`);
    } finally {
      await silent.close();
    }
  });
});

describe('retryable', () => {
  it('connection, timeout and transfer failures are; refused logins, directories and other errors are not', () => {
    expect(retryable(new DeliveryError('CONEXAO', 'x'))).toBe(true);
    expect(retryable(new DeliveryError('TEMPO_ESGOTADO', 'x'))).toBe(true);
    expect(retryable(new DeliveryError('TRANSFERENCIA', 'x'))).toBe(true);
    expect(retryable(new DeliveryError('AUTENTICACAO', 'x'))).toBe(false);
    expect(retryable(new DeliveryError('DIRETORIO', 'x'))).toBe(false);
    expect(retryable(new Error('x'))).toBe(false);
  });
});
