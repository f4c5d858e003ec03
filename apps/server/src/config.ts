import crypto from 'node:crypto';
import path from 'node:path';

/**
 * Every setting the server reads, with its default. The README's configuration table mirrors this file.
 * Secrets that are not given are generated per process, which is right for local use and tests but
 * signs out everyone on restart; production sets them.
 */
export type BotCheckKind = 'altcha' | 'recaptcha' | 'off';

export type Config = {
  port: number;
  /**
   * interface the server listens on: loopback for the embedded quick start (nothing outside the machine
   * reaches it); a container or a host behind a proxy on another machine sets 0.0.0.0
   */
  host: string;
  databaseUrl: string;
  publicUrl: string;
  webDist: string;
  logLevel: string;
  botCheck: BotCheckKind;
  altchaHmacKey: string;
  recaptchaSiteKey: string | null;
  recaptchaSecret: string | null;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** how long this process answers a session from memory after reading it (0: every request reads it) */
  sessionCacheMs: number;
  cookieSecure: boolean | 'auto';
  smtpUrl: string | null;
  mailFrom: string;
  /** PEM file of certificate authorities trusted for the companies' own SMTP servers (Dados NFe), instead of the system's */
  smtpCaFile: string | null;
  legacyUrl: string | null;
  atendimento: { url: string; login: string; senha: string } | null;
  treinamentoUrl: string | null;
  loginMaxPerIp: number;
  loginMaxFailuresPerUser: number;
  loginWindowMinutes: number;
  /** progressive sign-in delay per username: base × 2^(failures − 1), at most max (milliseconds) */
  loginDelayBaseMs: number;
  loginDelayMaxMs: number;
  trustProxy: boolean;
  maxRequestBytes: number;
  seedDemo: boolean;
  filesDir: string;
  inboxDir: string | null;
  inboxPollSeconds: number;
  /** /readyz reports the queue stopped when a job ready to run has waited longer than this */
  queueStaleSeconds: number;
  /** on SIGTERM, how long a load under way may take to finish before it is handed back to the queue */
  shutdownGraceSeconds: number;
  /** how long a claimed job stays reserved without renewal: a worker that dies leaves it this long at most */
  jobLeaseSeconds: number;
  /** `npm run worker` serves /healthz, /readyz and /metrics on this port (HOST's interface); null: none */
  metricsPort: number | null;
  housekeepingEveryMinutes: number;
  retentionJobsDays: number;
  retentionMailDays: number;
  ingestWorkers: number;
  /**
   * late-file alarms: the local hour (America/Sao_Paulo, 'HH:MM') by which an operator's file of the day must have
   * arrived, unless its cadence (cadencia_arquivos) says another; how often the check runs (0: never); the hour
   * from which the day's digest e-mail goes; how many days back a run looks for missing files
   */
  lateFileHour: string;
  lateFileCheckMinutes: number;
  lateFileDigestHour: string;
  lateFileLookbackDays: number;
  matchToleranceCentavos: number;
  /** S3-compatible storage of the originals instead of FILES_DIR, when STORAGE_S3_BUCKET is set */
  s3: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; prefix: string } | null;
  feeToleranceCentavos: number;
  /**
   * the key operator credentials are sealed with (32 bytes, base64 or hex); null: one generated once into
   * FILES_DIR/.credentials-key — production sets it, and keeps it: without it the stored credentials do not open
   */
  credentialsKey: string | null;
  /** the person merchants who sign up on /signUp are registered under (null: the platform) and their users' profile */
  signUp: { codpessoa: number | null; perfil: string };
  /**
   * where service invoices (NFS-e) go: 'sandbox' (default) validates, signs, numbers and protocols them here, offline,
   * as the national API would; 'nacional' sends them to the national API (Sefin Nacional) in `nfseAmbiente`
   */
  nfseProvider: 'sandbox' | 'nacional';
  nfseAmbiente: 'homologacao' | 'producao';
  /** limits of one GraphQL request, refused before any work past them (graphql/request-limits.ts) */
  graphqlLimits: GraphqlLimits;
  /**
   * introspection and "Did you mean …" suggestions answered to callers: on in development, off when
   * NODE_ENV=production, where the committed schema.graphql is the clients' contract
   */
  graphqlIntrospection: boolean;
};

export type GraphqlLimits = {
  /** aliased fields in one operation (1,000 aliased ticket searches once held the server ~98 s) */
  maxAliases: number;
  /** levels of nested selections */
  maxDepth: number;
  /** lexical tokens of the document (names, punctuation, literal values) */
  maxTokens: number;
  /** graphql-armor's cost: each object 2 and each scalar 1, × 1.5 per level of depth */
  maxCost: number;
  maxDirectives: number;
  /** items of any list sent in the variables (an inline list is bounded by maxTokens) */
  maxListItems: number;
};

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** 'HH:MM', 24-hour clock */
function hour(v: string | undefined, d: string): string {
  if (v === undefined || v === '') return d;
  const m = /^(\d{1,2}):(\d{2})$/.exec(v.trim());
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) throw new Error(`invalid hour setting (HH:MM): ${v}`);
  return `${m[1]!.padStart(2, '0')}:${m[2]}`;
}

function int(v: string | undefined, d: number): number {
  if (v === undefined || v === '') return d;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`invalid integer setting: ${v}`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 3000);
  const recaptchaSiteKey = env.RECAPTCHA_SITE_KEY || null;
  const recaptchaSecret = env.RECAPTCHA_SECRET || null;
  const botCheck = (env.BOT_CHECK as BotCheckKind | undefined) ?? (recaptchaSiteKey && recaptchaSecret ? 'recaptcha' : 'altcha');
  if (!['altcha', 'recaptcha', 'off'].includes(botCheck)) throw new Error(`BOT_CHECK must be altcha, recaptcha or off`);
  if (botCheck === 'recaptcha' && !(recaptchaSiteKey && recaptchaSecret)) {
    throw new Error('BOT_CHECK=recaptcha needs RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET');
  }
  const atendimentoUrl = env.ATENDIMENTO_URL || null;
  return {
    port,
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || path.join(repoRoot, 'data/db'),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    webDist: env.WEB_DIST || path.join(repoRoot, 'apps/web/dist'),
    logLevel: env.LOG_LEVEL || 'info',
    botCheck,
    altchaHmacKey: env.ALTCHA_HMAC_KEY || crypto.randomBytes(32).toString('hex'),
    recaptchaSiteKey,
    recaptchaSecret,
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 60),
    sessionMaxHours: int(env.SESSION_MAX_HOURS, 12),
    sessionCacheMs: int(env.SESSION_CACHE_MS, 2000),
    cookieSecure: env.COOKIE_SECURE === 'true' ? true : env.COOKIE_SECURE === 'false' ? false : 'auto',
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Concilia <nao-responda@concilia.local>',
    smtpCaFile: env.SMTP_CA_FILE || null,
    legacyUrl: env.LEGACY_URL ? env.LEGACY_URL.replace(/\/$/, '') : null,
    atendimento: atendimentoUrl
      ? { url: atendimentoUrl, login: env.ATENDIMENTO_LOGIN ?? '', senha: env.ATENDIMENTO_SENHA ?? '' }
      : null,
    treinamentoUrl: env.TREINAMENTO_URL || null,
    loginMaxPerIp: int(env.LOGIN_MAX_PER_IP, 30),
    loginMaxFailuresPerUser: int(env.LOGIN_MAX_FAILURES_PER_USER, 5),
    loginWindowMinutes: int(env.LOGIN_WINDOW_MINUTES, 15),
    loginDelayBaseMs: int(env.LOGIN_DELAY_BASE_MS, 250),
    loginDelayMaxMs: int(env.LOGIN_DELAY_MAX_MS, 8000),
    trustProxy: env.TRUST_PROXY === 'true',
    maxRequestBytes: int(env.MAX_REQUEST_BYTES, 1_000_000),
    seedDemo: env.SEED_DEMO !== 'false',
    filesDir: env.FILES_DIR || path.join(repoRoot, 'data/arquivos'),
    inboxDir: env.INBOX_DIR === '' ? null : env.INBOX_DIR || path.join(repoRoot, 'data/entrada'),
    inboxPollSeconds: int(env.INBOX_POLL_SECONDS, 5),
    queueStaleSeconds: int(env.QUEUE_STALE_SECONDS, 300),
    shutdownGraceSeconds: int(env.SHUTDOWN_GRACE_SECONDS, 20),
    jobLeaseSeconds: int(env.JOB_LEASE_SECONDS, 60),
    metricsPort: env.METRICS_PORT ? int(env.METRICS_PORT, 0) : null,
    housekeepingEveryMinutes: int(env.HOUSEKEEPING_EVERY_MINUTES, 5),
    retentionJobsDays: int(env.RETENTION_JOBS_DAYS, 14),
    retentionMailDays: int(env.RETENTION_MAIL_DAYS, 30),
    ingestWorkers: int(env.INGEST_WORKERS, 1),
    lateFileHour: hour(env.LATE_FILE_HOUR, '10:00'),
    lateFileCheckMinutes: int(env.LATE_FILE_CHECK_MINUTES, 15),
    lateFileDigestHour: hour(env.LATE_FILE_DIGEST_HOUR, '12:00'),
    lateFileLookbackDays: int(env.LATE_FILE_LOOKBACK_DAYS, 7),
    matchToleranceCentavos: int(env.MATCH_TOLERANCE_CENTAVOS, 500),
    feeToleranceCentavos: int(env.FEE_TOLERANCE_CENTAVOS, 1),
    credentialsKey: env.CREDENTIALS_KEY || null,
    signUp: { codpessoa: env.SIGNUP_CODPESSOA ? int(env.SIGNUP_CODPESSOA, 0) : null, perfil: env.SIGNUP_PERFIL || 'Cliente' },
    nfseProvider: env.NFSE_PROVIDER === 'nacional' ? 'nacional' : 'sandbox',
    nfseAmbiente: env.NFSE_AMBIENTE === 'producao' ? 'producao' : 'homologacao',
    graphqlLimits: {
      maxAliases: int(env.GRAPHQL_MAX_ALIASES, 15),
      maxDepth: int(env.GRAPHQL_MAX_DEPTH, 8),
      maxTokens: int(env.GRAPHQL_MAX_TOKENS, 2000),
      maxCost: int(env.GRAPHQL_MAX_COST, 5000),
      maxDirectives: int(env.GRAPHQL_MAX_DIRECTIVES, 20),
      maxListItems: int(env.GRAPHQL_MAX_LIST_ITEMS, 1000),
    },
    graphqlIntrospection: env.GRAPHQL_INTROSPECTION ? env.GRAPHQL_INTROSPECTION === 'true' : env.NODE_ENV !== 'production',
    s3: env.STORAGE_S3_BUCKET
      ? {
          endpoint: env.STORAGE_S3_ENDPOINT || `https://s3.${env.STORAGE_S3_REGION || 'us-east-1'}.amazonaws.com`,
          bucket: env.STORAGE_S3_BUCKET,
          region: env.STORAGE_S3_REGION || 'us-east-1',
          accessKeyId: env.STORAGE_S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: env.STORAGE_S3_SECRET_ACCESS_KEY ?? '',
          prefix: env.STORAGE_S3_PREFIX ?? '',
        }
      : null,
  };
}
