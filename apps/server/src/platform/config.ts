import path from 'node:path';
import { CompanyOffice } from '@mediabox/contract';
import { z } from 'zod';

/** Fictional operator of the demo portal; every part can be overridden through COMPANY_* variables. */
const DEFAULT_COMPANY = 'Nordstern Kaffee GmbH';
const DEFAULT_DOMAIN = 'nordstern-kaffee.example';

const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean),
);

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value));

/**
 * Which proxies' `X-Forwarded-For` entries are believed (issue 17.6). Trusting every hop would let a
 * client's own header pick its address (and so its rate-limit counters): only a hop count or the
 * proxies' addresses are taken. `true` means the usual single reverse proxy (one hop).
 */
const trustProxySetting = z.string().transform((value, ctx): false | number | string[] => {
  const text = value.trim().toLowerCase();
  if (['false', '0', 'no', ''].includes(text)) return false;
  if (['true', 'yes'].includes(text)) return 1;
  if (/^\d+$/.test(text)) return Number(text);
  const addresses = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (addresses.every((address) => /^[0-9a-f.:]+(\/\d{1,3})?$/.test(address))) return addresses;
  ctx.addIssue({
    code: 'custom',
    message: 'must be false, a number of proxy hops (true = 1), or a comma list of proxy addresses/CIDRs',
  });
  return z.NEVER;
});

const EnvSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'must start with postgres://, postgresql:// or sqlite:')
    .optional(),
  /** Blob storage: unset (or file:) keeps blobs under DATA_DIR/blobs; s3://bucket?endpoint=…&region=… an S3 bucket. */
  STORAGE_URL: z
    .string()
    .regex(/^(s3:\/\/[^/?]+|file:)/, 'must be s3://bucket?endpoint=…&region=… or file:')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default(`Mediabox <no-reply@${DEFAULT_DOMAIN}>`),
  SUPPORT_EMAIL: z.email().default(`support@${DEFAULT_DOMAIN}`),
  PUBLIC_URL: z.url().optional(),
  INTERNAL_EMAIL_DOMAINS: commaList.default([DEFAULT_DOMAIN]),
  SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  COMPANY_NAME: z.string().min(1).default(DEFAULT_COMPANY),
  COMPANY_OFFICES: z
    .string()
    .transform((value, ctx) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON array of offices' });
        return z.NEVER;
      }
    })
    .pipe(z.array(CompanyOffice))
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxySetting.default(false),
  WEB_DIST: z.string().optional(),
  JOBS: booleanFlag.default(true),
  DEMO: booleanFlag.default(true),
  /** How long a running job is held before another runner may take it; renewed while it runs. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Issue 23: staff sign in with the company account (OpenID Connect); unset, the portal has no SSO. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_LABEL: z.string().min(1).max(60).optional(),
  OIDC_ALLOWED_DOMAINS: commaList.optional(),
  OIDC_SESSION_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(12),
});

/** The OIDC_* variables, read together: all three of issuer, client id and secret, or none. */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The button text's name of the provider ("Sign in with {label}"). */
  label: string;
  /** Verified addresses in these domains sign in as staff; default INTERNAL_EMAIL_DOMAINS. */
  allowedDomains: string[];
  /** A session made through the provider ends this long after the sign-in (leavers lose access). */
  sessionMs: number;
}

export type Config = {
  env: 'production' | 'development' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string;
  /** undefined: blobs under DATA_DIR/blobs. */
  storageUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  publicUrl: string;
  internalEmailDomains: string[];
  secret: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  companyName: string;
  companyOffices: CompanyOffice[] | undefined;
  logLevel: string;
  /** Fastify's trustProxy: off, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  webDist: string | undefined;
  runJobs: boolean;
  /** Load the demo catalogue on the first start (empty catalogue). */
  demo: boolean;
  jobLeaseMs: number;
  /** undefined: no OIDC_* variables, the portal signs in with passwords only (as before issue 23). */
  oidc: OidcConfig | undefined;
};

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const defined = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(defined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const oidc = readOidc(values);
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    env: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    dataDir,
    databaseUrl: values.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'mediabox.sqlite')}`,
    storageUrl: values.STORAGE_URL?.startsWith('s3://') ? values.STORAGE_URL : undefined,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    supportEmail: values.SUPPORT_EMAIL,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    internalEmailDomains: values.INTERNAL_EMAIL_DOMAINS,
    secret: values.SECRET,
    adminEmail: values.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: values.ADMIN_PASSWORD,
    companyName: values.COMPANY_NAME,
    companyOffices: values.COMPANY_OFFICES,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    webDist: values.WEB_DIST,
    runJobs: values.JOBS,
    demo: values.DEMO,
    jobLeaseMs: values.JOB_LEASE_SECONDS * 1000,
    oidc,
  };
}

/** A half-configured provider stops the start: a portal silently without SSO would surprise as much. */
function readOidc(values: z.output<typeof EnvSchema>): OidcConfig | undefined {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = values;
  if (issuer === undefined && clientId === undefined && clientSecret === undefined) {
    const stray = (['OIDC_LABEL', 'OIDC_ALLOWED_DOMAINS'] as const).filter(
      (name) => values[name] !== undefined,
    );
    if (stray.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n  ${stray.join(', ')}: needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET`,
      );
    }
    return undefined;
  }
  const missing = (['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const).filter(
    (name) => values[name] === undefined,
  );
  if (missing.length > 0 || !issuer || !clientId || !clientSecret) {
    throw new ConfigError(
      `Invalid configuration:\n  ${missing.join(', ')}: required when any of OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET is set`,
    );
  }
  const allowedDomains = values.OIDC_ALLOWED_DOMAINS ?? values.INTERNAL_EMAIL_DOMAINS;
  if (allowedDomains.length === 0) {
    throw new ConfigError('Invalid configuration:\n  OIDC_ALLOWED_DOMAINS: at least one domain is needed');
  }
  return {
    issuer,
    clientId,
    clientSecret,
    label: values.OIDC_LABEL ?? 'SSO',
    allowedDomains,
    sessionMs: Math.round(values.OIDC_SESSION_HOURS * 60 * 60 * 1000),
  };
}
