import { timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Attributes, type Connection, type FileEntry, Server, type SFTPWrapper, utils } from 'ssh2';
import { hostKeyFingerprint } from '../../src/integrations/delivery/sftp';

const { STATUS_CODE, flagsToString } = utils.sftp;

export type SftpTestServer = {
  host: string;
  port: number;
  /** the directory on disk that the server's '/' (also the login's home) maps to */
  root: string;
  /** its host key's fingerprint, as ssh-keygen -l prints it ('SHA256:…') */
  fingerprint: string;
  /** the host key (private, OpenSSH format), to start another server that is "the same" */
  hostKey: string;
  /** how many times a client has sent a password */
  passwordsReceived(): number;
  close(): Promise<void>;
};

/**
 * A real SFTP server on 127.0.0.1 for the delivery tests: ssh2's Server with password authentication and an SFTP
 * subsystem that acts on a temporary directory, so a test reads back exactly what arrived on disk. It behaves
 * like OpenSSH's plain SFTP v3 where clients differ: RENAME refuses an existing target, MKDIR is not recursive,
 * and no posix-rename extension is announced (ssh2's server cannot announce one), so the client's fallback is
 * what gets exercised.
 */
/**
 * An ed25519 key pair ssh2 can read back. Its generator drops the leading zero bytes of the public key, so about
 * one key in 256 is malformed (mscdex/ssh2#1390, #1513: "Cannot parse privateKey: Malformed OpenSSH private key"
 * failed a CI run); such a key is drawn again.
 */
function ed25519HostKey(): string {
  for (;;) {
    const pair = utils.generateKeyPairSync('ed25519');
    if (!(utils.parseKey(pair.private) instanceof Error) && !(utils.parseKey(pair.public) instanceof Error)) return pair.private;
  }
}

export async function startSftpServer(opts: { user: string; password: string; hostKey?: string }): Promise<SftpTestServer> {
  const root = await fsp.mkdtemp(path.join(os.tmpdir(), 'concilia-sftp-'));
  // a fresh host key each run, unless the test gives one
  const hostKey = opts.hostKey ?? ed25519HostKey();
  const parsed = utils.parseKey(hostKey);
  if (parsed instanceof Error) throw parsed;
  const fingerprint = hostKeyFingerprint(parsed.getPublicSSH());
  let passwords = 0;
  const connections = new Set<Connection>();
  const server = new Server({ hostKeys: [hostKey] }, (client) => {
    connections.add(client);
    // as OpenSSH does (ssh2 has it, its types miss it): without it, every request/reply round trip waits on Nagle and delayed ACKs (~40 ms)
    (client as unknown as { setNoDelay(on: boolean): void }).setNoDelay(true);
    client.on('close', () => connections.delete(client));
    // a client that vanishes mid-session (the timeout tests destroy theirs) must not crash the test process
    client.on('error', () => {});
    client.on('authentication', (ctx) => {
      if (ctx.method !== 'password') return ctx.reject(['password']);
      passwords++;
      if (same(ctx.username, opts.user) && same(ctx.password, opts.password)) return ctx.accept();
      return ctx.reject();
    });
    client.on('ready', () => {
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        session.on('sftp', (acceptSftp) => serveSftp(acceptSftp(), root));
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    host: '127.0.0.1',
    port,
    root,
    fingerprint,
    hostKey,
    passwordsReceived: () => passwords,
    async close() {
      for (const c of connections) c.end();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fsp.rm(root, { recursive: true, force: true });
    },
  };
}

function same(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

type OpenHandle = { kind: 'file'; file: fsp.FileHandle } | { kind: 'dir'; dir: string; listed: boolean };

function serveSftp(sftp: SFTPWrapper, root: string): void {
  const handles = new Map<number, OpenHandle>();
  let nextHandle = 1;
  const newHandle = (h: OpenHandle) => {
    const id = nextHandle++;
    handles.set(id, h);
    const buf = Buffer.alloc(4);
    buf.writeUInt32BE(id);
    return buf;
  };
  const handleOf = (buf: Buffer) => (buf.length === 4 ? handles.get(buf.readUInt32BE(0)) : undefined);
  /** '/' of the client is `root`; posix resolve drops any '..' above it, so nothing outside is reachable */
  const virtual = (p: string) => path.posix.resolve('/', p);
  const real = (p: string) => path.join(root, virtual(p));

  // every request answers once: a result, or a status from the fs error
  const run = (reqId: number, op: () => Promise<void>) => {
    op().catch((err: NodeJS.ErrnoException) => sftp.status(reqId, statusOf(err), err.message));
  };

  sftp.on('REALPATH', (reqId, p) => {
    const v = virtual(p);
    sftp.name(reqId, [{ filename: v, longname: v, attrs: {} as Attributes }]);
  });
  sftp.on('STAT', (reqId, p) => run(reqId, async () => sftp.attrs(reqId, attrsOf(await fsp.stat(real(p))))));
  sftp.on('LSTAT', (reqId, p) => run(reqId, async () => sftp.attrs(reqId, attrsOf(await fsp.lstat(real(p))))));
  sftp.on('FSTAT', (reqId, h) =>
    run(reqId, async () => {
      const open = handleOf(h);
      if (open?.kind !== 'file') return sftp.status(reqId, STATUS_CODE.FAILURE, 'bad handle');
      sftp.attrs(reqId, attrsOf(await open.file.stat()));
    }),
  );
  // attributes (mode, times) are accepted and ignored: the tests look at content only
  sftp.on('SETSTAT', (reqId) => sftp.status(reqId, STATUS_CODE.OK));
  sftp.on('FSETSTAT', (reqId) => sftp.status(reqId, STATUS_CODE.OK));

  sftp.on('OPEN', (reqId, p, flags) =>
    run(reqId, async () => {
      const mode = flagsToString(flags);
      if (!mode) return sftp.status(reqId, STATUS_CODE.OP_UNSUPPORTED, 'unsupported open flags');
      sftp.handle(reqId, newHandle({ kind: 'file', file: await fsp.open(real(p), mode) }));
    }),
  );
  sftp.on('WRITE', (reqId, h, offset, data) =>
    run(reqId, async () => {
      const open = handleOf(h);
      if (open?.kind !== 'file') return sftp.status(reqId, STATUS_CODE.FAILURE, 'bad handle');
      await open.file.write(data, 0, data.length, offset);
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('READ', (reqId, h, offset, length) =>
    run(reqId, async () => {
      const open = handleOf(h);
      if (open?.kind !== 'file') return sftp.status(reqId, STATUS_CODE.FAILURE, 'bad handle');
      const buf = Buffer.alloc(length);
      const { bytesRead } = await open.file.read(buf, 0, length, offset);
      if (bytesRead === 0) return sftp.status(reqId, STATUS_CODE.EOF);
      sftp.data(reqId, buf.subarray(0, bytesRead));
    }),
  );
  sftp.on('CLOSE', (reqId, h) =>
    run(reqId, async () => {
      const open = handleOf(h);
      if (!open) return sftp.status(reqId, STATUS_CODE.FAILURE, 'bad handle');
      handles.delete(h.readUInt32BE(0));
      if (open.kind === 'file') await open.file.close();
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );

  sftp.on('OPENDIR', (reqId, p) =>
    run(reqId, async () => {
      const dir = real(p);
      if (!(await fsp.stat(dir)).isDirectory()) return sftp.status(reqId, STATUS_CODE.FAILURE, 'not a directory');
      sftp.handle(reqId, newHandle({ kind: 'dir', dir, listed: false }));
    }),
  );
  // the whole listing in one answer, then EOF: the directories here hold a handful of files
  sftp.on('READDIR', (reqId, h) =>
    run(reqId, async () => {
      const open = handleOf(h);
      if (open?.kind !== 'dir') return sftp.status(reqId, STATUS_CODE.FAILURE, 'bad handle');
      if (open.listed) return sftp.status(reqId, STATUS_CODE.EOF);
      open.listed = true;
      const names = await fsp.readdir(open.dir);
      const entries: FileEntry[] = [];
      for (const name of names) {
        const st = await fsp.lstat(path.join(open.dir, name));
        entries.push({ filename: name, longname: `${st.isDirectory() ? 'd' : '-'}rw-r--r-- 1 u g ${st.size} Jan 1 00:00 ${name}`, attrs: attrsOf(st) });
      }
      if (entries.length === 0) return sftp.status(reqId, STATUS_CODE.EOF);
      sftp.name(reqId, entries);
    }),
  );

  sftp.on('MKDIR', (reqId, p) =>
    run(reqId, async () => {
      await fsp.mkdir(real(p));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('RMDIR', (reqId, p) =>
    run(reqId, async () => {
      await fsp.rmdir(real(p));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('REMOVE', (reqId, p) =>
    run(reqId, async () => {
      await fsp.unlink(real(p));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('RENAME', (reqId, from, to) =>
    run(reqId, async () => {
      // SFTP v3 (draft 02) and OpenSSH: renaming onto an existing name fails
      if (fs.existsSync(real(to))) return sftp.status(reqId, STATUS_CODE.FAILURE, 'target exists');
      await fsp.rename(real(from), real(to));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );

  sftp.on('close', () => {
    for (const h of handles.values()) if (h.kind === 'file') void h.file.close().catch(() => {});
    handles.clear();
  });
}

function statusOf(err: NodeJS.ErrnoException): number {
  switch (err.code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return STATUS_CODE.NO_SUCH_FILE;
    case 'EACCES':
    case 'EPERM':
      return STATUS_CODE.PERMISSION_DENIED;
    default:
      return STATUS_CODE.FAILURE;
  }
}

function attrsOf(st: fs.Stats): Attributes {
  return { mode: st.mode, uid: st.uid, gid: st.gid, size: st.size, atime: Math.floor(st.atimeMs / 1000), mtime: Math.floor(st.mtimeMs / 1000) };
}
