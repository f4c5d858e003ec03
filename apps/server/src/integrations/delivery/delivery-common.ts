import { pipeline, Readable, Transform } from 'node:stream';
import { MSG } from '@concilia/domain';

/**
 * What the delivery adapters share: the error a back-office user reads (pt-BR, naming the server, never the
 * password), the server's label in those messages and the remote path rules.
 */
export type DeliveryErrorCode = 'AUTENTICACAO' | 'CHAVE_SERVIDOR' | 'CONEXAO' | 'DIRETORIO' | 'TRANSFERENCIA' | 'TEMPO_ESGOTADO';

export class DeliveryError extends Error {
  override readonly name = 'DeliveryError';
  constructor(
    readonly code: DeliveryErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * Whether trying again in a few minutes may work. A refused login or a directory that cannot be created needs
 * someone to fix the register (or the server) first, and repeating a refused login may get the account locked by
 * the client's server; a connection or a transfer that broke, or a server that stopped answering, often recovers.
 */
export function retryable(err: unknown): boolean {
  if (!(err instanceof DeliveryError)) return false;
  return err.code === 'CONEXAO' || err.code === 'TEMPO_ESGOTADO' || err.code === 'TRANSFERENCIA';
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/** "host:port" as people write it; an IPv6 literal in brackets, so the port is not read as part of it. */
export function hostPort(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

export function seconds(ms: number): string {
  const s = ms / 1000;
  return Number.isInteger(s) ? `${s}` : s.toLocaleString('pt-BR', { maximumFractionDigits: 1 });
}

/**
 * The directory as registered, made comparable: '' is the login's own directory (where the server puts it after
 * login), '/' the root; repeated and trailing slashes go. Windows-style separators typed in the register are
 * read as '/', since no SFTP or FTP server takes '\' as one.
 */
export function normalizeDir(dir: string | null | undefined): string {
  const d = (dir ?? '').trim().replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  if (d === '' || d === '.' || d === './') return '';
  if (d === '/') return '/';
  return d.replace(/\/+$/, '');
}

export function joinRemote(dir: string, name: string): string {
  if (dir === '') return name;
  return dir === '/' ? `/${name}` : `${dir}/${name}`;
}

/** The name is the file's own, never a path: a '/' in it would write outside the registered directory. */
export function assertFileName(fileName: string): void {
  if (!fileName || fileName === '.' || fileName === '..' || /[/\\\0]/.test(fileName)) {
    throw new TypeError(`invalid delivery file name: ${JSON.stringify(fileName)}`);
  }
}

/** Temporary name in the same directory: readers that pick "*.txt" or similar skip a dot file with another suffix. */
export function partName(fileName: string): string {
  return `.${fileName}.part`;
}

/** The network error codes that mean the server could not be reached at all, in words. */
export function connectionReason(err: unknown): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return MSG.entregaConexaoRecusada;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return MSG.entregaEnderecoNaoEncontrado;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return MSG.entregaRedeInacessivel;
    case 'ECONNRESET':
    case 'EPIPE':
      return MSG.entregaConexaoEncerrada;
    case 'ECONNABORTED':
      return MSG.entregaConexaoInterrompida;
    default:
      return null;
  }
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

const CHUNK = 64 * 1024;

/**
 * The body as a stream of the form the adapters read. A Buffer is cut in slices so the idle timer sees the
 * upload move (one 50 MB write would be a single step however long the network takes).
 */
export function bodyStream(body: Buffer | (() => Readable), onProgress: () => void): Readable {
  const source = typeof body === 'function' ? body() : Readable.from(slices(body), { objectMode: false });
  const counted = new Transform({
    transform(chunk: Buffer, _enc, done) {
      onProgress();
      done(null, chunk);
    },
  });
  // pipeline destroys both sides on a failure, so the adapter reading `counted` sees the source's error
  pipeline(source, counted, () => {});
  return counted;
}

function* slices(buf: Buffer): Generator<Buffer> {
  for (let i = 0; i < buf.length; i += CHUNK) yield buf.subarray(i, i + CHUNK);
}

/**
 * A timer that fires when nothing happened for `ms`: a large file on a slow link may take minutes and still be
 * healthy, a server that stopped answering must not hold the worker forever. `expired` rejects when it fires.
 */
export class IdleTimer {
  private timer: NodeJS.Timeout | undefined;
  private fire: (err: Error) => void = () => {};
  private stopped = false;
  fired = false;
  readonly expired: Promise<never>;

  constructor(
    private readonly ms: number,
    private readonly onExpire: () => void,
  ) {
    this.expired = new Promise<never>((_resolve, reject) => {
      this.fire = reject;
    });
    // the race below may never look at it; an unobserved rejection would crash the process
    this.expired.catch(() => {});
    this.kick();
  }

  kick(): void {
    if (this.stopped || this.fired) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.fired = true;
      try {
        this.onExpire();
      } finally {
        this.fire(new Error('idle timeout'));
      }
    }, this.ms);
  }

  /** `op`, or the timer's rejection when it fires first; the loser's later rejection is swallowed. */
  guard<T>(op: Promise<T>): Promise<T> {
    op.catch(() => {});
    this.kick();
    return Promise.race([op, this.expired]).finally(() => this.kick());
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}
