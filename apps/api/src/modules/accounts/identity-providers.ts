import { AppError } from '@storefront/contracts/errors';
import { z } from 'zod';

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
 * The verified e-mail behind a Google access token, from Google's tokeninfo endpoint. When the app
 * names its OAuth client, a token issued to another client is refused.
 */
export async function verifyGoogleAccessToken(
  baseUrl: string,
  accessToken: string,
  clientId: string | undefined,
): Promise<{ email: string }> {
  const url = new URL('/tokeninfo', baseUrl);
  url.searchParams.set('access_token', accessToken);
  const answer = await fetch(url, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) })
    .then((res) => (res.ok ? res.json() : null))
    .catch(() => null);
  const info = googleTokenInfoSchema.safeParse(answer).data;
  const verified = info?.email_verified === true || info?.email_verified === 'true';
  if (!info || !verified || (clientId && info.aud !== clientId)) throw new AppError('SOCIAL_LOGIN_FAILED');
  return { email: info.email.toLowerCase() };
}
