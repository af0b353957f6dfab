import { fileURLToPath } from 'node:url';
import { loadDatabaseConfig } from '@storefront/db/config';
import { z } from 'zod';

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
  REDIS_URL: z.url().optional(),
  PUBLIC_URL: z.url().optional(),
  /** How long each process keeps an app looked up by host and key (plugins/tenant.ts); 0 = not at all. */
  TENANT_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  /** How long each process keeps a menu page (modules/catalogue/menu-cache.ts); 0 = not at all. */
  MENU_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(1),
  /** An order-board stream ends after this long, so that the board reconnects and signs in anew. */
  ORDER_STREAM_MAX_SECONDS: z.coerce.number().int().min(1).max(86_400).default(ORDER_STREAM_MAX_SECONDS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
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
  return {
    ...values,
    production: values.NODE_ENV === 'production',
    database: loadDatabaseConfig(env),
  };
}
