import { z } from 'zod';
import { MSG } from '../messages';
import { defineRegister } from '../register-kit/register';
import { maximo, obrigatorio } from '../register-kit/zod-fields';

/**
 * Whether a name follows Amazon S3's rules for a (general purpose) bucket: 3 to 63 characters of lowercase letters,
 * digits, dots and hyphens, beginning and ending with a letter or digit, no two dots in a row, not shaped like an
 * IP address, none of the prefixes and suffixes S3 reserves.
 */
export function isS3BucketName(name: string): boolean {
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(name)) return false;
  if (name.includes('..') || /^\d{1,3}(\.\d{1,3}){3}$/.test(name)) return false;
  if (/^(xn--|sthree-|amzn-s3-demo-)/.test(name)) return false;
  return !/(-s3alias|--ol-s3|\.mrap|--x-s3|--table-s3)$/.test(name);
}

/** An S3-compatible service's address: http(s)://host[:port][/path], nothing else (no user, query or fragment). */
export function isEndpointUrl(text: string): boolean {
  return /^https?:\/\/[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?(\/[^\s?#@]*)?$/i.test(text);
}

const BUCKET = 'Nome do bucket';
const ENDPOINT = 'Endpoint';

/**
 * Buckets S3 (spec part 2 §3 "Cloud bucket", §7 listarBucketS3Amazon, getBucketS3Amazon, salvarBucketS3Amazon): where
 * an integration may put a client's files — an Amazon S3 bucket (or an S3-compatible service's, by its endpoint) and
 * folder, with the access key. The secret key is a 'secret' field: sealed at rest, never answered.
 */
export const bucketsS3Register = defineRegister({
  key: 'bucketsS3',
  typeName: 'BucketS3Amazon',
  title: 'Buckets S3',
  page: 'integracao',
  menuSection: 'Integração',
  menuIcon: 'Hub',
  id: 'codbuckets3amazon',
  keyFields: ['codbuckets3amazon'],
  ops: { list: 'listarBucketS3Amazon', get: 'getBucketS3Amazon', save: 'salvarBucketS3Amazon', delete: 'excluirBucketS3Amazon' },
  messages: { inserted: 'Registro inserido com sucesso!', saved: 'Registro salvo com sucesso!' },
  fields: {
    codbuckets3amazon: { kind: 'number', label: 'Código', form: 'readonly', width: 100 },
    codpessoa: { kind: 'reference', label: 'Cliente', optionList: 'listarItensConciliadores', column: true, filter: 'eq', todos: true, required: true },
    nome: { kind: 'text', label: 'Nome', column: true, filter: true, maxLength: 100, required: true },
    bucketname: {
      kind: 'text', label: BUCKET, column: true, filter: true, maxLength: 63, required: true,
      zod: z.string({ error: obrigatorio(BUCKET) }).trim().min(1, obrigatorio(BUCKET)).max(63, maximo(BUCKET, 63)).refine(isS3BucketName, MSG.bucketNomeInvalido),
    },
    pasta: { kind: 'text', label: 'Pasta', column: true, maxLength: 255 },
    keyid: { kind: 'text', label: 'Access key ID', maxLength: 128, required: true },
    senha: { kind: 'secret', label: 'Chave secreta', maxLength: 255, required: true },
    regiao: { kind: 'text', label: 'Região', column: true, maxLength: 30, required: true, default: 'sa-east-1', width: 130 },
    endpoint: {
      kind: 'text', label: ENDPOINT, maxLength: 255,
      zod: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.string().trim().max(255, maximo(ENDPOINT, 255)).refine(isEndpointUrl, MSG.bucketEndpointInvalido).nullable()),
    },
  },
});
