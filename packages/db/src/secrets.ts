import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// Provider secrets at rest (architecture §10): AES-256-GCM under SECRETS_KEY. Stored as
// `v1:<iv>.<tag>.<ciphertext>` in base64url, so a future key or scheme can be told apart.

/**
 * The development key, used only when NODE_ENV is not production and SECRETS_KEY is unset (decision
 * 025): derived from a fixed phrase, so every process and test on one database agrees. Such a server
 * only ever holds sandbox keys; production refuses to start without SECRETS_KEY.
 */
export const DEV_SECRETS_KEY = createHash('sha256').update('storefront development secrets key').digest();

/** SECRETS_KEY as 32 bytes: 64 hex digits, or base64 of 32 bytes; null when it is neither. */
export function parseSecretsKey(value: string): Buffer | null {
  const text = value.trim();
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  const bytes = Buffer.from(text, 'base64');
  return /^[A-Za-z0-9+/_-]+={0,2}$/.test(text) && bytes.length === 32 ? bytes : null;
}

/** The key of this environment: SECRETS_KEY when set, else the development key. */
export function secretsKeyFrom(env: NodeJS.ProcessEnv = process.env): Buffer {
  return env.SECRETS_KEY ? (parseSecretsKey(env.SECRETS_KEY) ?? DEV_SECRETS_KEY) : DEV_SECRETS_KEY;
}

export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1:${[iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join('.')}`;
}

/** The secret in clear; throws when the value was sealed under another key or was altered. */
export function decryptSecret(key: Buffer, sealed: string): string {
  const [iv, tag, data] = sealed
    .replace(/^v1:/, '')
    .split('.')
    .map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) throw new Error('Not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

/** A secret as answers show it: `••••` and its last 4 characters. */
export const maskSecret = (plain: string | null): string | null => (plain ? `••••${plain.slice(-4)}` : null);
