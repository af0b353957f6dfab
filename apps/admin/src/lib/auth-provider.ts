import type { AdminMe as Me } from '@storefront/contracts/admin';
import type { AuthProvider } from 'react-admin';
import { api, apiError } from './api.ts';
import { OPERATOR_RESOURCES } from './data-provider.ts';
import { session } from './session.ts';

/** Screens only an owner opens (the API refuses a manager too): a manager's menu does not show them. */
export const OWNER_ONLY_RESOURCES = new Set(['staff', 'settings', 'payment-provider', 'audit-log']);

let meOfToken: { token: string; me: Promise<Me> } | null = null;

/** `GET /api/admin/me/`, asked once per session token. */
export function fetchMe(): Promise<Me> {
  const token = session.token();
  if (!token) return Promise.reject(apiError('ra.auth.auth_check_error', 401, { errors: {}, raw: null }));
  if (meOfToken?.token !== token) {
    const me = api<Me>('/api/admin/me/').then(({ json }) => json);
    meOfToken = { token, me };
    me.catch(() => {
      if (meOfToken?.me === me) meOfToken = null;
    });
  }
  return meOfToken.me;
}

/** Queries of the session: a 401 signs out at once, other failures are tried twice more. */
export const retryUnlessSignedOut = (failures: number, error: unknown) =>
  (error as { status?: number })?.status !== 401 && failures < 2;

/** The company picked, if the user still holds a role in it. */
export async function currentCompany() {
  const me = await fetchMe();
  return me.companies.find((company) => company.uid === session.companyUid()) ?? null;
}

/**
 * Where a sign-in goes on: the screen whose address was opened before it (an address of this site, not
 * the sign-in or the picker), else the first screen, the dashboard.
 */
export function screenAfterSignIn(next: string | null | undefined): string {
  return next && /^\/(?![/\\])/.test(next) && !/^\/(login|companies)(?![\w-])/.test(next) ? next : '/';
}

/** Sign-in with e-mail and password on the admin API, the session token kept in the browser. */
export const authProvider: AuthProvider = {
  async login({ email, password, next }: { email: string; password: string; next?: string }) {
    const { json } = await api<{ token: string }>('/api/admin/session/', {
      method: 'POST',
      body: { email, password },
    });
    session.setToken(json.token);
    // A remembered company in which the user still holds a role opens at once; else the picker, which
    // then goes on to the same screen.
    const screen = screenAfterSignIn(next);
    if (await currentCompany()) return { redirectTo: screen };
    return {
      redirectTo: screen === '/' ? '/companies' : `/companies?${new URLSearchParams({ next: screen })}`,
    };
  },
  async logout() {
    if (session.token()) await api('/api/admin/session/', { method: 'DELETE' }).catch(() => {});
    session.clear();
    meOfToken = null;
  },
  async checkAuth() {
    if (!session.token()) throw apiError('ra.auth.auth_check_error', 401, { errors: {}, raw: null });
  },
  /** A 401 (token revoked or expired) signs out; a 403 only says so. */
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      session.clear();
      meOfToken = null;
      throw error;
    }
  },
  async getIdentity() {
    const { user } = await fetchMe();
    const fullName = `${user.first_name} ${user.last_name}`.trim() || (user.email ?? '');
    return { id: user.uid, fullName };
  },
  async getPermissions() {
    return (await currentCompany())?.role ?? null;
  },
  async canAccess({ resource }) {
    if (OPERATOR_RESOURCES.has(resource)) return (await fetchMe()).is_operator;
    if (!OWNER_ONLY_RESOURCES.has(resource)) return true;
    return (await currentCompany())?.role === 'owner';
  },
};
