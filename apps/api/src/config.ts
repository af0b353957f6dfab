import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { PAYMENT_HOLD_MINUTES } from '@storefront/contracts/payments';
import { loadDatabaseConfig } from '@storefront/db/config';
import { DEV_SECRETS_KEY, parseSecretsKey } from '@storefront/db/secrets';
import { z } from 'zod';
import { isLoopbackAddress } from './lib/loopback.ts';
import { SANDBOX_PATH } from './modules/payments/sandbox/sandbox-path.ts';

/** proxy-addr's named ranges, an address, or an address with a prefix length. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * Which proxies' X-Forwarded-For, -Host and -Proto are believed: unset, none; a number, that many hops
 * in front of the server; else a comma-separated list of addresses and CIDR ranges.
 */
const trustProxySchema = z
  .string()
  .transform((value, ctx) => {
    if (/^\d{1,2}$/.test(value.trim())) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length > 0)
      ctx.addIssue({
        code: 'custom',
        message: `not a hop count, an address or a CIDR range: ${bad.join(', ')}`,
      });
    return entries;
  })
  .optional();

/** The site's public address: http(s), with no user name or password in it. */
const publicUrlSchema = z
  .url({ protocol: /^https?$/ })
  .refine((value) => {
    const url = new URL(value);
    return url.username === '' && url.password === '';
  }, 'an http(s) address without user name or password')
  .optional();

/** The default lifetime of an order-board stream: 15 minutes. */
export const ORDER_STREAM_MAX_SECONDS = 900;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z.url().optional(),
  /** Connections per process to DATABASE_URL (packages/db/src/config.ts reads it; checked here). */
  POOL_SIZE: z.coerce.number().int().min(1).max(500).optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Storefront <no-reply@localhost>'),
  /** Base URLs of the identity providers, so that tests can point them at a local fake (architecture §4). */
  GOOGLE_OAUTH_URL: z.url().default('https://oauth2.googleapis.com'),
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com'),
  APPLE_KEYS_URL: z.url().default('https://appleid.apple.com/auth/keys'),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  /**
   * AES-256-GCM key of the payment providers' secrets at rest (architecture §10): 32 bytes, as 64 hex
   * digits or base64. Unset outside production: the development key (decision 026).
   */
  SECRETS_KEY: z
    .string()
    .transform((value, ctx) => {
      const key = parseSecretsKey(value);
      if (!key) ctx.addIssue({ code: 'custom', message: '32 bytes, as 64 hex digits or base64' });
      return key ?? Buffer.alloc(0);
    })
    .optional(),
  /**
   * SUNAT's billService (architecture §12), or a local fake in tests. Unset: receipts are issued and
   * wait PENDING, nothing is sent.
   */
  SUNAT_BILL_SERVICE_URL: z.url().optional(),
  /**
   * The payment providers' addresses (architecture §10), so that tests point them at a local fake.
   * Unset outside production: this server's own sandbox (modules/payments/sandbox), on loopback.
   */
  CULQI_API_URL: z.url().optional(),
  CULQI_CHECKOUT_URL: z.url().optional(),
  /** Culqi's Three-D Secure library (Culqi3DS), loaded by the storefront when a charge asks for 3DS. */
  CULQI_3DS_URL: z.url().optional(),
  MERCADOPAGO_API_URL: z.url().optional(),
  MERCADOPAGO_SDK_URL: z.url().optional(),
  /** Minutes an order waits for its payment before it expires and gives back what it took. */
  PAYMENT_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(PAYMENT_HOLD_MINUTES),
  /**
   * The VAPID key pair that signs web push (RFC 8292), as web-push makes them (base64url); unset, a pair
   * made on the first start and kept in the database. The subject is who push services may write to.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'a P-256 public key in base64url')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'a P-256 private key in base64url')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'a mailto: or https: address')
    .optional(),
  /** Tests only: push endpoints on loopback (a local push service). A production server refuses it. */
  PUSH_ALLOW_LOOPBACK: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  REDIS_URL: z.url().optional(),
  PUBLIC_URL: publicUrlSchema,
  TRUST_PROXY: trustProxySchema,
  /** Lets a scraper that is not on loopback read /api/metrics (as `Authorization: Bearer <token>`). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** How long each process keeps an app looked up by host and key (plugins/tenant.ts); 0 = not at all. */
  TENANT_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  /**
   * How long each process keeps a menu page, a public read and a server-rendered page
   * (modules/catalogue/menu-cache.ts, plugins/kept-answers.ts); 0 = not at all. Unset: see
   * `defaultMenuCacheSeconds`.
   */
  MENU_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  /** An order-board stream ends after this long, so that the board reconnects and signs in anew. */
  ORDER_STREAM_MAX_SECONDS: z.coerce.number().int().min(1).max(86_400).default(ORDER_STREAM_MAX_SECONDS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
  /** The host name of the back office (apps/admin), one site for every business of the installation. */
  ADMIN_HOST: z
    .string()
    .regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i, 'a host name such as admin.example.com')
    .transform((host) => host.toLowerCase())
    .default('admin.localhost'),
  ADMIN_DIST: z.string().default(fileURLToPath(new URL('../../admin/dist', import.meta.url))),
  DEMO_FILE: z
    .string()
    .default(fileURLToPath(new URL('../../../packages/db/demo/demo.tenant.json', import.meta.url))),
});

export type Config = ReturnType<typeof loadConfig>;

/** Parses the environment once at boot; every bad variable is listed before the process exits. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(processEnv: NodeJS.ProcessEnv = process.env) {
  // A variable set to the empty string counts as unset.
  const env = Object.fromEntries(Object.entries(processEnv).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const production = values.NODE_ENV === 'production';
  if (production && values.PUSH_ALLOW_LOOPBACK)
    throw new ConfigError(
      'PUSH_ALLOW_LOOPBACK is for tests: a production server posts to no loopback address.',
    );
  if (Boolean(values.VAPID_PUBLIC_KEY) !== Boolean(values.VAPID_PRIVATE_KEY))
    throw new ConfigError(
      'Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (a pair kept in the database).',
    );
  const sandbox = `http://127.0.0.1:${values.PORT}${SANDBOX_PATH}`;
  const database = loadDatabaseConfig(env);
  return {
    ...values,
    production,
    VAPID_SUBJECT: values.VAPID_SUBJECT ?? `mailto:${mailAddress(values.MAIL_FROM)}`,
    ...paymentAddresses(values, production ? null : sandbox),
    MENU_CACHE_SECONDS: values.MENU_CACHE_SECONDS ?? defaultMenuCacheSeconds('url' in database),
    database,
  };
}

/**
 * How long kept answers stay fresh when MENU_CACHE_SECONDS is unset (decision 035). On the embedded
 * database this process is the only writer (its data folder is locked, decision 003), so the events
 * that drop a kept answer (an order, stock given back, an admin write, an import) are all of its
 * changes; time has only to catch what the clock alone shapes (a promotion that begins), within a
 * minute as a reused render does. On PostgreSQL an order taken by another process moves stock without
 * a notice, so its answers are kept for a second.
 */
/** The key that seals the companies' secrets: SECRETS_KEY, or outside production a fixed one for development. */
export const secretsKey = (config: Pick<Config, 'SECRETS_KEY'>) => config.SECRETS_KEY ?? DEV_SECRETS_KEY;

export const defaultMenuCacheSeconds = (onPostgres: boolean): number => (onPostgres ? 1 : 60);

/** The address in MAIL_FROM (`Name <address>` or a bare address): who push services may write to. */
const mailAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/**
 * The providers' API and browser-script addresses: the configured ones, else the real providers' in
 * production and the server's own sandbox elsewhere (the scripts then load from the site itself).
 */
function paymentAddresses(
  values: Pick<
    z.infer<typeof envSchema>,
    'CULQI_API_URL' | 'CULQI_CHECKOUT_URL' | 'CULQI_3DS_URL' | 'MERCADOPAGO_API_URL' | 'MERCADOPAGO_SDK_URL'
  >,
  sandbox: string | null,
) {
  return {
    CULQI_API_URL: values.CULQI_API_URL ?? (sandbox ? `${sandbox}/culqi` : 'https://api.culqi.com'),
    CULQI_CHECKOUT_URL:
      values.CULQI_CHECKOUT_URL ??
      (sandbox ? `${SANDBOX_PATH}/culqi/js/v4` : 'https://checkout.culqi.com/js/v4'),
    CULQI_3DS_URL: values.CULQI_3DS_URL ?? (sandbox ? `${SANDBOX_PATH}/culqi/3ds` : 'https://3ds.culqi.com'),
    MERCADOPAGO_API_URL:
      values.MERCADOPAGO_API_URL ?? (sandbox ? `${sandbox}/mercadopago` : 'https://api.mercadopago.com'),
    MERCADOPAGO_SDK_URL:
      values.MERCADOPAGO_SDK_URL ??
      (sandbox ? `${SANDBOX_PATH}/mercadopago/js/v2` : 'https://sdk.mercadopago.com/js/v2'),
  };
}

/**
 * What a development server says when it listens beyond loopback: other machines then reach its demo
 * accounts (known passwords) and development routes. The mailbox itself answers loopback clients only.
 */
export function exposureWarning(config: Pick<Config, 'production' | 'NODE_ENV' | 'HOST'>): string | null {
  if (config.production || isLoopbackAddress(config.HOST)) return null;
  const rule = '!'.repeat(78);
  return [
    rule,
    `!! WARNING: a ${config.NODE_ENV} server listening on ${config.HOST}, reachable from other machines.`,
    '!! Demo accounts with known passwords and development routes are on. Set NODE_ENV=production',
    '!! for a real deployment, or HOST=127.0.0.1 to keep this server to this machine.',
    rule,
  ].join('\n');
}
