import { signinClientId } from '@storefront/contracts/signin';
import { loadScript } from '../../../lib/load-script.ts';
import type { SocialButton } from './login-flow.ts';

// The providers' browser SDKs, loaded only when a member presses their button.
interface GoogleTokenResponse {
  access_token?: string;
  error?: string;
}
declare global {
  interface Window {
    google?: {
      accounts: {
        oauth2: {
          initTokenClient(config: {
            client_id: string;
            scope: string;
            callback: (response: GoogleTokenResponse) => void;
            error_callback?: (error: { type: string }) => void;
          }): { requestAccessToken(): void };
        };
      };
    };
    FB?: {
      init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
      login(
        callback: (response: { authResponse?: { accessToken: string } | null }) => void,
        options: { scope: string },
      ): void;
    };
    AppleID?: {
      auth: {
        init(options: { clientId: string; scope: string; redirectURI: string; usePopup: boolean }): void;
        signIn(): Promise<{ authorization: { id_token: string } }>;
      };
    };
  }
}

// The client id the server checks the token against (the same keys on both sides).
const clientId = (settings: Record<string, unknown>) => signinClientId(settings) ?? '';

/** Google Identity Services' token client: a popup that answers an OAuth access token. */
async function googleAccessToken(settings: Record<string, unknown>): Promise<string> {
  await loadScript('https://accounts.google.com/gsi/client');
  const oauth2 = window.google?.accounts.oauth2;
  if (!oauth2) throw new Error('Google Identity Services did not load');
  return new Promise((resolve, reject) => {
    oauth2
      .initTokenClient({
        client_id: clientId(settings),
        scope: 'openid email profile',
        callback: (response) =>
          response.access_token ? resolve(response.access_token) : reject(new Error(response.error)),
        error_callback: (error) => reject(new Error(error.type)),
      })
      .requestAccessToken();
  });
}

async function facebookAccessToken(settings: Record<string, unknown>): Promise<string> {
  await loadScript('https://connect.facebook.net/es_LA/sdk.js');
  const fb = window.FB;
  if (!fb) throw new Error('Facebook SDK did not load');
  fb.init({ appId: clientId(settings), version: 'v19.0' });
  return new Promise((resolve, reject) => {
    fb.login(
      (response) =>
        response.authResponse ? resolve(response.authResponse.accessToken) : reject(new Error('cancelled')),
      { scope: 'email' },
    );
  });
}

async function appleIdToken(settings: Record<string, unknown>): Promise<string> {
  await loadScript('https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/es_ES/appleid.auth.js');
  const apple = window.AppleID;
  if (!apple) throw new Error('Sign in with Apple did not load');
  apple.auth.init({
    clientId: clientId(settings),
    scope: 'name email',
    redirectURI: `${window.location.origin}/login`,
    usePopup: true,
  });
  const answer = await apple.auth.signIn();
  return answer.authorization.id_token;
}

/**
 * Asks the provider for the token the server verifies (`POST v5/login/mobile/{provider}/`): an access
 * token from Google and Facebook, an identity token (JWT) from Apple.
 */
export function providerToken({ provider, settings }: SocialButton): Promise<string> {
  if (provider === 'google') return googleAccessToken(settings);
  if (provider === 'facebook') return facebookAccessToken(settings);
  return appleIdToken(settings);
}
