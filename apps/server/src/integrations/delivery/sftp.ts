import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import SftpClient from 'ssh2-sftp-client';
import { fillMessage, MSG } from '@concilia/domain';
import {
  assertFileName,
  bodyStream,
  connectionReason,
  DeliveryError,
  errorText,
  hostPort,
  IdleTimer,
  joinRemote,
  normalizeDir,
  partName,
  seconds,
} from './delivery-common';

export type SftpDeliveryTarget = {
  host: string; porta: number | null; login: string; senha: string; diretorio: string | null;
  /** the host key trusted for this server ('SHA256:…', as ssh-keygen -l prints it); null: the first one seen */
  chave?: string | null;
};

/** A host key's fingerprint as OpenSSH prints it: 'SHA256:' and the unpadded base64 of the key blob's SHA-256. */
export const hostKeyFingerprint = (key: Buffer): string => `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

/** What is used of the ssh2 connection under ssh2-sftp-client (ssh2 itself is not a dependency of the product). */
type SshConnection = { destroy(): void; setNoDelay(on: boolean): void; once(event: 'connect', listener: () => void): void };

/** SFTP status code 3 (SSH_FX_PERMISSION_DENIED), which ssh2-sftp-client passes on as the error's code. */
const PERMISSION_DENIED = 3;

type Step = 'conexao' | 'diretorio' | 'envio' | 'renomear';

/**
 * Puts the file in the directory under a temporary name and renames it, so a reader polling the directory never
 * takes half a file. The server's host key is checked before the password is sent: a key other than the trusted
 * one (`chave`) ends the connection; with none trusted yet, the key seen is answered so the caller can pin it.
 */
export async function deliverSftp(
  target: SftpDeliveryTarget,
  fileName: string,
  body: Buffer | (() => Readable),
  timeoutMs: number,
): Promise<{ remotePath: string; chaveServidor: string | null }> {
  assertFileName(fileName);
  const port = target.porta ?? 22;
  let presented: string | null = null;
  const where = fillMessage(MSG.entregaServidor, { protocolo: 'SFTP', endereco: hostPort(target.host, port) });
  const dir = normalizeDir(target.diretorio);
  const finalPath = joinRemote(dir, fileName);
  const tmpPath = joinRemote(dir, partName(fileName));

  // the library's default listeners print every connection event on the console
  const sftp = new SftpClient('concilia-entrega', { error: () => {}, end: () => {}, close: () => {} });
  // the ssh2 connection under the library: destroying it is the only way out of a request the server never answers
  const ssh = (sftp as unknown as { client: SshConnection }).client;
  // every SFTP write waits for its reply: with Nagle's algorithm on, each round trip also waits for a delayed ACK
  // (~40 ms), which made 5 MB take 20 s instead of a fraction of one
  ssh.once('connect', () => ssh.setNoDelay(true));
  const idle = new IdleTimer(timeoutMs, () => ssh.destroy());
  let step: Step = 'conexao';
  let source: Readable | undefined;
  let uploaded = false;
  try {
    await idle.guard(
      sftp.connect({
        host: target.host, port, username: target.login, password: target.senha, readyTimeout: timeoutMs,
        // ssh2 hands over the key blob before authenticating: refusing it here keeps the password from an impostor
        hostVerifier: (key: Buffer) => {
          presented = hostKeyFingerprint(key);
          return !target.chave || presented === target.chave;
        },
      }),
    );
    step = 'diretorio';
    if (dir !== '' && dir !== '/') await idle.guard(sftp.mkdir(dir, true));
    step = 'envio';
    source = bodyStream(body, () => idle.kick());
    await idle.guard(sftp.put(source, tmpPath));
    uploaded = true;
    step = 'renomear';
    await idle.guard(replace(sftp, tmpPath, finalPath));
    return { remotePath: finalPath, chaveServidor: presented };
  } catch (err) {
    if (step === 'conexao' && target.chave && presented && presented !== target.chave) {
      throw new DeliveryError('CHAVE_SERVIDOR', fillMessage(MSG.entregaChaveServidorDiferente, { servidor: where, recebida: presented, esperada: target.chave }), { cause: err });
    }
    if ((step === 'envio' || step === 'renomear') && !idle.fired) {
      // a half-written temporary file would sit in the client's directory until someone removes it by hand
      await idle.guard(sftp.delete(tmpPath, true)).catch(() => {});
    }
    throw classify(err, { step, where, dir, fileName, timeoutMs, timedOut: idle.fired, uploaded });
  } finally {
    idle.stop();
    source?.destroy();
    // a polite end (the server sees a clean disconnect), bounded: a connection the timer already destroyed never
    // reports its close again, and a hung server would never answer it
    if (!idle.fired) await Promise.race([sftp.end().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    ssh.destroy();
  }
}

/**
 * Renames over an existing file. Plain SFTP (v3) RENAME fails when the target exists, OpenSSH's posix-rename
 * extension replaces it atomically. Without the extension the old file is removed only when the plain rename
 * failed because of it: a reader may then briefly see no file, never a partial one.
 */
async function replace(sftp: SftpClient, from: string, to: string): Promise<void> {
  try {
    await sftp.posixRename(from, to);
    return;
  } catch (err) {
    if (!unsupported(err)) throw err;
  }
  try {
    await sftp.rename(from, to);
    return;
  } catch (err) {
    if (!(await sftp.exists(to))) throw err;
  }
  await sftp.delete(to);
  await sftp.rename(from, to);
}

/** ssh2 refuses an extension the server did not announce; a server may also answer SSH_FX_OP_UNSUPPORTED (8). */
function unsupported(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 8 || /does not support|unsupported/i.test(errorText(err));
}

function classify(
  err: unknown,
  c: { step: Step; where: string; dir: string; fileName: string; timeoutMs: number; timedOut: boolean; uploaded: boolean },
): DeliveryError {
  const text = errorText(err);
  const code = (err as { code?: unknown } | null)?.code;
  if (c.timedOut || /Timed out while waiting for handshake/i.test(text) || code === 'ETIMEDOUT') {
    return new DeliveryError('TEMPO_ESGOTADO', fillMessage(MSG.entregaTempoEsgotado, { servidor: c.where, segundos: seconds(c.timeoutMs) }), { cause: err });
  }
  if (c.step === 'conexao') {
    if (/authentication methods failed/i.test(text)) {
      return new DeliveryError('AUTENTICACAO', fillMessage(MSG.entregaLoginRecusado, { servidor: c.where }), { cause: err });
    }
    const reason = connectionReason(err) ?? fillMessage(MSG.entregaFalhaSsh, { motivo: text });
    return new DeliveryError('CONEXAO', fillMessage(MSG.entregaSemConexao, { servidor: c.where, motivo: reason }), { cause: err });
  }
  const lost = connectionReason(err);
  if (lost) {
    return new DeliveryError('CONEXAO', fillMessage(MSG.entregaConexaoCaiuEnvio, { servidor: c.where, arquivo: c.fileName, motivo: lost }), { cause: err });
  }
  if (c.step === 'diretorio') {
    return new DeliveryError('DIRETORIO', fillMessage(MSG.entregaDiretorioCriar, { diretorio: c.dir, servidor: c.where }), { cause: err });
  }
  if (c.step === 'envio' && code === PERMISSION_DENIED) {
    const diretorio = c.dir === '' ? MSG.entregaDiretorioInicial : c.dir;
    return new DeliveryError('DIRETORIO', fillMessage(MSG.entregaDiretorioSemPermissao, { servidor: c.where, diretorio, motivo: MSG.entregaPermissaoNegada }), { cause: err });
  }
  const message = fillMessage(c.uploaded ? MSG.entregaRenomearFalhou : MSG.entregaEnvioFalhou, { servidor: c.where, arquivo: c.fileName, motivo: text });
  return new DeliveryError('TRANSFERENCIA', message, { cause: err });
}
