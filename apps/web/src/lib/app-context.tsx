import type { App, Company } from '@storefront/contracts/app';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { clearSession, STORAGE_KEYS, storage } from './storage.ts';

const AppRecordContext = createContext<App | null>(null);

export function AppRecordProvider({ app, children }: { app: App; children: ReactNode }) {
  return <AppRecordContext.Provider value={app}>{children}</AppRecordContext.Provider>;
}

/** The tenant's app record, loaded at boot. */
export function useAppRecord(): App {
  const app = useContext(AppRecordContext);
  if (!app) throw new Error('useAppRecord outside AppRecordProvider');
  return app;
}

/** The company a /c/{companyUid}/ route or the stored selection points at, among allowed ones only. */
export function useCompany(companyUid?: string): Company {
  const app = useAppRecord();
  const uid = companyUid ?? storage.get(STORAGE_KEYS.selectedCompanyUid) ?? app.company.uid;
  return app.allowed_companies.find((company) => company.uid === uid) ?? app.company;
}

interface Auth {
  token: string | null;
  loggedIn: boolean;
  /** Where the session just started goes (spec §4 after login), set with its token; null for home. */
  landing: string | null;
  /** Stores the token of a successful login (spec §4) and the page it lands on. */
  login(token: string, landing?: string): void;
  /** Clears the session keys and goes home (`/`), the member's pages and data left behind. */
  logout(): void;
}

const AuthContext = createContext<Auth | null>(null);

/** Auth status starts as logged in when a token is stored (spec §4). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState(() => ({
    token: storage.get(STORAGE_KEYS.token),
    landing: null as string | null,
  }));
  const { token, landing } = session;
  const login = useCallback((next: string, landingPage?: string) => {
    storage.set(STORAGE_KEYS.token, next);
    // The member's saved cart replaces the local one on the next cart load (spec §4 merge flag).
    storage.set(STORAGE_KEYS.merge, 'true');
    setSession({ token: next, landing: landingPage ?? null });
  }, []);
  // A full load of / drops every member answer held in memory. The token state is left as it is until
  // then: clearing it first would let a member page's guard send the browser to /login on the way.
  const logout = useCallback(() => {
    clearSession();
    window.location.assign('/');
  }, []);
  // A logout in another tab of this site ends this tab's session too, instead of leaving it on a
  // member page.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      const tokenGone = event.key === null || (event.key === STORAGE_KEYS.token && event.newValue === null);
      if (token !== null && tokenGone) window.location.assign('/');
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [token]);
  const value = useMemo(
    () => ({ token, landing, loggedIn: token !== null, login, logout }),
    [token, landing, login, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth outside AuthProvider');
  return auth;
}
