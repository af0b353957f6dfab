// Sign-in provider settings, shared by the storefront's SDKs and the server. No zod here: the login page,
// a first page, imports this module.

/**
 * The provider's client id in a GOOGLE, FACEBOOK or IOS sign-in method's settings: the storefront's
 * SDKs ask for tokens with it and the server refuses tokens issued to another client.
 */
export function signinClientId(settings: Record<string, unknown>): string | undefined {
  const value = ['client_id', 'clientId', 'app_id', 'appId'].map((key) => settings[key]).find(Boolean);
  return typeof value === 'string' ? value : undefined;
}

/** The methods that sign in through a provider: without its client id they cannot check whom a token is for. */
export const SOCIAL_SIGNIN_METHODS: readonly string[] = ['GOOGLE', 'FACEBOOK', 'IOS'];

/** Whether a sign-in method is whole: a social one needs its provider's client id. */
export const signinMethodComplete = (method: { type: string; settings: Record<string, unknown> }) =>
  !SOCIAL_SIGNIN_METHODS.includes(method.type) || signinClientId(method.settings) !== undefined;
