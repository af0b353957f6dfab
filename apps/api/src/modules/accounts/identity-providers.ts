import { AppError } from '@storefront/contracts/errors';
import type { createRemoteJWKSet } from 'jose';
import { z } from 'zod';
import type { AppConfig } from '../../app.ts';

/** Calls to identity providers give up after this long, so that a slow provider cannot hold a sign-in. */
const PROVIDER_TIMEOUT_MS = 5000;

const captchaAnswerSchema = z.looseObject({ success: z.boolean() });

/** Checks a reCAPTCHA answer on the server with the app's secret (architecture §4 Accounts). */
export async function verifyCaptcha(
  verifyUrl: string,
  secret: string,
  token: string | undefined,
  remoteIp: string,
): Promise<void> {
  if (!token) throw new AppError('CAPTCHA_REQUIRED');
  const answer = await fetch(verifyUrl, {
    method: 'POST',
    body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  })
    .then((res) => (res.ok ? res.json() : null))
    .catch(() => null);
  if (!captchaAnswerSchema.safeParse(answer).data?.success) throw new AppError('CAPTCHA_INVALID');
}

const googleTokenInfoSchema = z.looseObject({
  aud: z.string().optional(),
  sub: z.string(),
  email: z.email(),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]),
});

/**
 * The verified e-mail behind a Google access token, from Google's tokeninfo endpoint. The token must
 * have been issued to the app's own OAuth client: one a person gave another site signs in nobody here.
 */
export async function verifyGoogleAccessToken(
  baseUrl: string,
  accessToken: string,
  clientId: string | undefined,
): Promise<{ email: string }> {
  if (!clientId) throw new AppError('SOCIAL_LOGIN_FAILED');
  const url = new URL('/tokeninfo', baseUrl);
  url.searchParams.set('access_token', accessToken);
  const answer = await fetch(url, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) })
    .then((res) => (res.ok ? res.json() : null))
    .catch(() => null);
  const info = googleTokenInfoSchema.safeParse(answer).data;
  const verified = info?.email_verified === true || info?.email_verified === 'true';
  if (!info || !verified || info.aud !== clientId) throw new AppError('SOCIAL_LOGIN_FAILED');
  return { email: info.email.toLowerCase() };
}

const getJson = (url: URL): Promise<unknown> =>
  fetch(url, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) })
    .then((res) => (res.ok ? res.json() : null))
    .catch(() => null);

const facebookMeSchema = z.looseObject({ id: z.string(), email: z.email() });
const facebookAppSchema = z.looseObject({ id: z.string() });

/**
 * The e-mail behind a Facebook access token, from the Graph API's `me`. The token's own app (`/app`)
 * must be the storefront's, so that a token a member gave to another Facebook app cannot sign in here.
 */
export async function verifyFacebookAccessToken(
  graphUrl: string,
  accessToken: string,
  appId: string | undefined,
): Promise<{ email: string }> {
  if (!appId) throw new AppError('SOCIAL_LOGIN_FAILED');
  const me = new URL('/me', graphUrl);
  me.searchParams.set('fields', 'id,email');
  me.searchParams.set('access_token', accessToken);
  const app = new URL('/app', graphUrl);
  app.searchParams.set('access_token', accessToken);
  const [profile, issuer] = await Promise.all([getJson(me), getJson(app)]);
  const info = facebookMeSchema.safeParse(profile).data;
  if (!info || facebookAppSchema.safeParse(issuer).data?.id !== appId)
    throw new AppError('SOCIAL_LOGIN_FAILED');
  return { email: info.email.toLowerCase() };
}

const APPLE_ISSUER = 'https://appleid.apple.com';
const appleClaimsSchema = z.looseObject({
  email: z.email(),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
});

// jose caches each key set and refetches it when a token names a key it does not know (Apple rotates keys).
// It loads with the first Apple sign-in, not with the server.
const appleKeySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
async function appleKeys(keysUrl: string) {
  let keys = appleKeySets.get(keysUrl);
  if (!keys) {
    const { createRemoteJWKSet } = await import('jose');
    keys = createRemoteJWKSet(new URL(keysUrl), { timeoutDuration: PROVIDER_TIMEOUT_MS });
    appleKeySets.set(keysUrl, keys);
  }
  return keys;
}

/**
 * The e-mail in a Sign in with Apple identity token: signed by one of Apple's keys, issued by Apple
 * to this app's client id, not expired. Apple only hands out addresses it has verified (or relays).
 */
export async function verifyAppleIdToken(
  keysUrl: string,
  idToken: string,
  clientId: string | undefined,
): Promise<{ email: string }> {
  if (!clientId) throw new AppError('SOCIAL_LOGIN_FAILED');
  const { jwtVerify } = await import('jose');
  const verified = await jwtVerify(idToken, await appleKeys(keysUrl), {
    issuer: APPLE_ISSUER,
    audience: clientId,
    algorithms: ['RS256'],
  }).catch(() => null);
  const claims = appleClaimsSchema.safeParse(verified?.payload).data;
  if (!claims || claims.email_verified === false || claims.email_verified === 'false')
    throw new AppError('SOCIAL_LOGIN_FAILED');
  return { email: claims.email.toLowerCase() };
}

export const IDENTITY_PROVIDERS = { google: 'GOOGLE', facebook: 'FACEBOOK', apple: 'IOS' } as const;
export type IdentityProvider = keyof typeof IDENTITY_PROVIDERS;
export type ProviderUrls = Pick<AppConfig, 'GOOGLE_OAUTH_URL' | 'FACEBOOK_GRAPH_URL' | 'APPLE_KEYS_URL'>;

/** The verified e-mail behind a provider's token, checked with the provider (architecture §4 Accounts). */
export function verifyProviderToken(
  urls: ProviderUrls,
  provider: IdentityProvider,
  token: string,
  clientId: string | undefined,
): Promise<{ email: string }> {
  if (provider === 'facebook') return verifyFacebookAccessToken(urls.FACEBOOK_GRAPH_URL, token, clientId);
  if (provider === 'apple') return verifyAppleIdToken(urls.APPLE_KEYS_URL, token, clientId);
  return verifyGoogleAccessToken(urls.GOOGLE_OAUTH_URL, token, clientId);
}
