import type { Readable } from 'node:stream';
import { Client, FTPError } from 'basic-ftp';
import { fillMessage, MSG } from '@concilia/domain';
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
  const where = fillMessage(MSG.entregaServidor, { protocolo: options.secure ? 'FTPS' : 'FTP', endereco: hostPort(target.host, port) });
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
    return new DeliveryError('TEMPO_ESGOTADO', fillMessage(MSG.entregaTempoEsgotado, { servidor: c.where, segundos: seconds(c.timeoutMs) }), { cause: err });
  }
  const lost = connectionReason(err);
  if (lost) {
    const msg = fillMessage(c.step === 'conexao' ? MSG.entregaSemConexao : MSG.entregaConexaoCaiu, { servidor: c.where, motivo: lost });
    return new DeliveryError('CONEXAO', msg, { cause: err });
  }
  if (typeof code === 'string' && (CERT_ERRORS.has(code) || /certificate/i.test(text))) {
    return new DeliveryError('CONEXAO', fillMessage(MSG.entregaCertificado, { servidor: c.where, codigo: code }), { cause: err });
  }
  switch (c.step) {
    case 'conexao':
      return new DeliveryError('CONEXAO', fillMessage(MSG.entregaSemConexaoResposta, { servidor: c.where, resposta: reply }), { cause: err });
    case 'tls':
      return err instanceof FTPError
        ? new DeliveryError('CONEXAO', fillMessage(MSG.entregaSemTls, { servidor: c.where, resposta: reply }), { cause: err })
        : new DeliveryError('CONEXAO', fillMessage(MSG.entregaFalhaTls, { servidor: c.where, motivo: text }), { cause: err });
    case 'login':
      if (err instanceof FTPError && (err.code === 530 || err.code === 430)) {
        return new DeliveryError('AUTENTICACAO', fillMessage(MSG.entregaLoginRecusado, { servidor: c.where }), { cause: err });
      }
      return err instanceof FTPError
        ? new DeliveryError('AUTENTICACAO', fillMessage(MSG.entregaLoginRecusadoResposta, { servidor: c.where, resposta: reply }), { cause: err })
        : new DeliveryError('CONEXAO', fillMessage(MSG.entregaConexaoCaiuLogin, { servidor: c.where, motivo: text }), { cause: err });
    case 'diretorio':
      return new DeliveryError('DIRETORIO', fillMessage(MSG.entregaDiretorioCriarResposta, { diretorio: c.dir, servidor: c.where, resposta: reply }), { cause: err });
    case 'envio':
      if (err instanceof FTPError && (err.code === 550 || err.code === 553)) {
        const diretorio = c.dir === '' ? MSG.entregaDiretorioInicial : c.dir;
        return new DeliveryError('DIRETORIO', fillMessage(MSG.entregaDiretorioSemPermissao, { servidor: c.where, diretorio, motivo: reply }), { cause: err });
      }
      return new DeliveryError('TRANSFERENCIA', fillMessage(MSG.entregaEnvioFalhou, { servidor: c.where, arquivo: c.fileName, motivo: reply }), { cause: err });
    case 'renomear':
      return new DeliveryError('TRANSFERENCIA', fillMessage(MSG.entregaRenomearFalhou, { servidor: c.where, arquivo: c.fileName, motivo: reply }), { cause: err });
  }
}
