import type { Readable } from 'node:stream';
import { DEFAULT_TIMEOUT_MS, DeliveryError } from './delivery-common';
import { deliverFtp } from './ftp';
import { deliverS3 } from './s3';
import { deliverSftp } from './sftp';

export { DeliveryError, retryable, type DeliveryErrorCode } from './delivery-common';

/** Where an integration file goes: a client's server, as the integration's register describes it. */
export type DeliveryTarget =
  | { protocolo: 'SFTP'; host: string; porta: number | null; login: string; senha: string; diretorio: string | null; chave?: string | null }
  | { protocolo: 'FTP' | 'FTPS'; host: string; porta: number | null; login: string; senha: string; diretorio: string | null }
  | { protocolo: 'S3'; endpoint: string | null; regiao: string; bucket: string; pasta: string | null; keyid: string; senha: string };

export type DeliveryOptions = {
  /** how long the server may stay silent (connecting, or mid-transfer) before giving up; default 30 s */
  timeoutMs?: number;
  /** FTPS only: certificate authorities to trust instead of the system's (see FtpDeliveryOptions.ca) */
  ca?: string | Buffer;
};

/**
 * Puts `fileName` in the target's directory (or folder), replacing a file of the same name: a re-delivery of the
 * same day replaces the earlier one. The reader never sees a partial file. A function body is called once, when
 * the connection is ready, so nothing is generated for a server that cannot be reached.
 * Fails with a DeliveryError whose message a back-office user can act on.
 */
export async function deliver(
  target: DeliveryTarget,
  fileName: string,
  body: Buffer | (() => Readable),
  opts?: DeliveryOptions,
): Promise<{ remotePath: string; chaveServidor?: string | null }> {
  const timeoutMs = opts?.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  try {
    switch (target.protocolo) {
      case 'SFTP':
        return await deliverSftp(target, fileName, body, timeoutMs);
      case 'FTP':
      case 'FTPS':
        return await deliverFtp(target, fileName, body, { secure: target.protocolo === 'FTPS', timeoutMs, ca: opts?.ca });
      case 'S3':
        return await deliverS3(target, fileName, body, timeoutMs);
    }
  } catch (err) {
    throw err instanceof DeliveryError ? withoutSecret(err, target.senha) : err;
  }
}

/**
 * Some messages quote the server's reply; a server that echoes what it was sent must not put the password in
 * a message that is shown on screen and logged.
 */
function withoutSecret(err: DeliveryError, secret: string): DeliveryError {
  if (secret.length < 3 || !err.message.includes(secret)) return err;
  return new DeliveryError(err.code, err.message.split(secret).join('***'), { cause: err.cause });
}
