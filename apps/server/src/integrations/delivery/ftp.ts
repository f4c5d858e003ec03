import type { Readable } from 'node:stream';
import { Client, FTPError } from 'basic-ftp';
import {
  assertFileName,
  bodyStream,
  connectionReason,
  DeliveryError,
  errorText,
  hostPort,
  joinRemote,
  normalizeDir,
  partName,
  seconds,
} from './delivery-common';

export type FtpDeliveryTarget = { host: string; porta: number | null; login: string; senha: string; diretorio: string | null };

export type FtpDeliveryOptions = {
  /** explicit TLS (AUTH TLS on the FTP port, then PROT P for the data connections) */
  secure: boolean;
  timeoutMs: number;
  /**
   * The certificate authorities to trust instead of the system's. The server's certificate is always verified:
   * with FTPS the password travels inside that TLS session, and accepting any certificate would hand it to
   * whoever answers on the way. A client whose server uses a private CA (or a self-signed certificate) needs
   * that certificate here; the tests pass their own.
   */
  ca?: string | Buffer;
};

type Step = 'conexao' | 'tls' | 'login' | 'diretorio' | 'envio' | 'renomear';

/** TLS verification failures, from node's tls (OpenSSL's names) and its host-name check. */
const CERT_ERRORS = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/**
 * Sends to a temporary name in the directory and renames it (RNFR/RNTO), so a reader polling the directory
 * never takes half a file. basic-ftp's own timeout is an idle one on the control and data connections.
 */
export async function deliverFtp(
  target: FtpDeliveryTarget,
  fileName: string,
  body: Buffer | (() => Readable),
  options: FtpDeliveryOptions,
): Promise<{ remotePath: string }> {
  assertFileName(fileName);
  const port = target.porta ?? 21;
  const where = `servidor ${options.secure ? 'FTPS' : 'FTP'} ${hostPort(target.host, port)}`;
  const dir = normalizeDir(target.diretorio);
  const tmpName = partName(fileName);
  const client = new Client(options.timeoutMs);
  let step: Step = 'conexao';
  let source: Readable | undefined;
  try {
    // access() in steps, so a refused AUTH TLS is told apart from a refused password
    await client.connect(target.host, port);
    if (options.secure) {
      step = 'tls';
      await client.useTLS({ host: target.host, ...(options.ca ? { ca: options.ca } : {}) });
    }
    step = 'login';
    await client.sendIgnoringError('OPTS UTF8 ON');
    await client.login(target.login, target.senha);
    await client.useDefaultSettings();
    step = 'diretorio';
    // creates what is missing and enters it, so the names below are plain file names
    if (dir !== '') await client.ensureDir(dir);
    step = 'envio';
    source = bodyStream(body, () => {});
    await client.uploadFrom(source, tmpName);
    step = 'renomear';
    await replace(client, tmpName, fileName);
    return { remotePath: joinRemote(dir, fileName) };
  } catch (err) {
    if ((step === 'envio' || step === 'renomear') && !client.closed) {
      // a half-written temporary file would sit in the client's directory until someone removes it by hand
      await client.remove(tmpName, true).catch(() => {});
    }
    throw classify(err, { step, where, dir, fileName, timeoutMs: options.timeoutMs });
  } finally {
    source?.destroy();
    client.close();
  }
}

/**
 * Most servers (vsftpd, ProFTPD, ftp-srv) replace the target on RNTO; some (IIS) refuse when it exists. Only then
 * is the old file removed first: a reader may briefly see no file, never a partial one.
 */
async function replace(client: Client, from: string, to: string): Promise<void> {
  try {
    await client.rename(from, to);
    return;
  } catch (err) {
    if (!(err instanceof FTPError)) throw err;
    const exists = await client.size(to).then(
      () => true,
      () => false,
    );
    if (!exists) throw err;
  }
  await client.remove(to);
  await client.rename(from, to);
}

function classify(
  err: unknown,
  c: { step: Step; where: string; dir: string; fileName: string; timeoutMs: number },
): DeliveryError {
  const text = errorText(err);
  const code = (err as { code?: unknown } | null)?.code;
  const reply = err instanceof FTPError ? `${err.code} ${err.message.trim()}` : text;
  if (/^Timeout \(/.test(text) || code === 'ETIMEDOUT') {
    return new DeliveryError('TEMPO_ESGOTADO', `O ${c.where} não respondeu em ${seconds(c.timeoutMs)} s.`, { cause: err });
  }
  const lost = connectionReason(err);
  if (lost) {
    const msg = c.step === 'conexao' ? `Não foi possível conectar ao ${c.where}: ${lost}.` : `A conexão com o ${c.where} caiu: ${lost}.`;
    return new DeliveryError('CONEXAO', msg, { cause: err });
  }
  if (typeof code === 'string' && (CERT_ERRORS.has(code) || /certificate/i.test(text))) {
    return new DeliveryError('CONEXAO', `O certificado TLS do ${c.where} não é confiável (${code}); a senha não foi enviada.`, { cause: err });
  }
  switch (c.step) {
    case 'conexao':
      return new DeliveryError('CONEXAO', `Não foi possível conectar ao ${c.where} (${reply}).`, { cause: err });
    case 'tls':
      return err instanceof FTPError
        ? new DeliveryError('CONEXAO', `O ${c.where} não aceita conexão segura (AUTH TLS): ${reply}.`, { cause: err })
        : new DeliveryError('CONEXAO', `Falha ao estabelecer a conexão segura (TLS) com o ${c.where}: ${text}.`, { cause: err });
    case 'login':
      if (err instanceof FTPError && (err.code === 530 || err.code === 430)) {
        return new DeliveryError('AUTENTICACAO', `Usuário ou senha recusados pelo ${c.where}.`, { cause: err });
      }
      return err instanceof FTPError
        ? new DeliveryError('AUTENTICACAO', `O ${c.where} recusou o login (${reply}).`, { cause: err })
        : new DeliveryError('CONEXAO', `A conexão com o ${c.where} caiu durante o login (${text}).`, { cause: err });
    case 'diretorio':
      return new DeliveryError('DIRETORIO', `O diretório ${c.dir} não existe e não pôde ser criado no ${c.where} (${reply}).`, { cause: err });
    case 'envio':
      if (err instanceof FTPError && (err.code === 550 || err.code === 553)) {
        const d = c.dir === '' ? 'inicial do usuário' : c.dir;
        return new DeliveryError('DIRETORIO', `O ${c.where} não permite gravar arquivos no diretório ${d} (${reply}).`, { cause: err });
      }
      return new DeliveryError('TRANSFERENCIA', `No ${c.where}, o envio do arquivo ${c.fileName} falhou (${reply}).`, { cause: err });
    case 'renomear':
      return new DeliveryError('TRANSFERENCIA', `No ${c.where}, não pôde dar o nome final ao arquivo ${c.fileName} (${reply}).`, { cause: err });
  }
}
