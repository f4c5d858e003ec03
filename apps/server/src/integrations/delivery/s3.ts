import type { Readable } from 'node:stream';
import { makeS3Client, uploadToS3 } from '../../s3/s3-client';
import { fillMessage, MSG } from '@concilia/domain';
import { assertFileName, connectionReason, DeliveryError, errorText, seconds } from './delivery-common';

export type S3DeliveryTarget = { endpoint: string | null; regiao: string; bucket: string; pasta: string | null; keyid: string; senha: string };

/** The errors S3 (and the compatible services) answer for a key or a signature it does not accept. */
const BAD_CREDENTIALS = new Set(['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'InvalidToken', 'ExpiredToken', 'AuthorizationHeaderMalformed', 'InvalidClientTokenId']);

/**
 * An object appears whole or not at all (a multipart upload only shows when completed), so no temporary key is
 * needed. The folder is a key prefix: nothing to create.
 */
export async function deliverS3(
  target: S3DeliveryTarget,
  fileName: string,
  body: Buffer | (() => Readable),
  timeoutMs: number,
): Promise<{ remotePath: string }> {
  assertFileName(fileName);
  const prefix = (target.pasta ?? '').replace(/\\/g, '/').split('/').filter((p) => p !== '' && p !== '.').join('/');
  const key = prefix ? `${prefix}/${fileName}` : fileName;
  // idle limits on the sockets (s3-client's timeoutMs), not on the whole upload: a large file on a slow link is still healthy
  const client = makeS3Client({
    endpoint: target.endpoint,
    region: target.regiao,
    bucket: target.bucket,
    accessKeyId: target.keyid,
    secretAccessKey: target.senha,
    timeoutMs,
  });
  let source: Readable | undefined;
  try {
    const payload = typeof body === 'function' ? (source = body()) : body;
    await uploadToS3(client, target.bucket, key, payload);
    return { remotePath: `s3://${target.bucket}/${key}` };
  } catch (err) {
    throw classify(err, { target, key, fileName, timeoutMs });
  } finally {
    source?.destroy();
    client.destroy();
  }
}

function classify(err: unknown, c: { target: S3DeliveryTarget; key: string; fileName: string; timeoutMs: number }): DeliveryError {
  const e = (err ?? {}) as { name?: string; code?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  const name = e.Code ?? e.name ?? '';
  const status = e.$metadata?.httpStatusCode;
  const bucket = c.target.bucket;
  const service = fillMessage(MSG.entregaServicoS3, { endereco: serviceLabel(c.target) });
  if (BAD_CREDENTIALS.has(name) || status === 401) {
    return new DeliveryError('AUTENTICACAO', fillMessage(MSG.entregaS3ChaveInvalida, { bucket }), { cause: err });
  }
  if (name === 'AccessDenied' || status === 403) {
    return new DeliveryError('AUTENTICACAO', fillMessage(MSG.entregaS3SemPermissao, { bucket, chave: c.key }), { cause: err });
  }
  if (name === 'NoSuchBucket') {
    return new DeliveryError('DIRETORIO', fillMessage(MSG.entregaS3SemBucket, { bucket, servidor: service }), { cause: err });
  }
  if (name === 'TimeoutError' || e.code === 'ETIMEDOUT') {
    return new DeliveryError('TEMPO_ESGOTADO', fillMessage(MSG.entregaTempoEsgotado, { servidor: service, segundos: seconds(c.timeoutMs) }), { cause: err });
  }
  const reason = connectionReason(err);
  if (reason) {
    return new DeliveryError('CONEXAO', fillMessage(MSG.entregaSemConexao, { servidor: service, motivo: reason }), { cause: err });
  }
  const detail = name && name !== 'Error' ? `${name}: ${errorText(err)}` : errorText(err);
  return new DeliveryError('TRANSFERENCIA', fillMessage(MSG.entregaS3EnvioFalhou, { arquivo: c.fileName, bucket, motivo: detail }), { cause: err });
}

function serviceLabel(t: S3DeliveryTarget): string {
  if (!t.endpoint) return `da AWS (${t.regiao || 'us-east-1'})`;
  try {
    return new URL(t.endpoint).host;
  } catch {
    return t.endpoint;
  }
}
