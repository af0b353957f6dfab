import { createContext, useContext, useSyncExternalStore } from 'react';
import { Navigate } from 'react-router';

/** What a server render learns while rendering: a redirect to answer instead, or the page's status. */
export interface ServerOutcome {
  redirect: string | null;
  status: number;
  /** The host the page is rendered for (the browser reads location.hostname). */
  hostname: string;
}

/** Set by the server's render only (entry-server.tsx); null in the browser. */
export const ServerOutcomeContext = createContext<ServerOutcome | null>(null);

const noSubscription = () => () => {};

/**
 * False on the server and while the browser hydrates the server's HTML, true once hydrated (or when the
 * page was rendered in the browser from the start): what depends on the browser waits for it.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/** The page's host name, on the server as in the browser. */
export function useHostname(): string {
  const outcome = useContext(ServerOutcomeContext);
  return outcome ? outcome.hostname : window.location.hostname;
}

/** Marks the page rendered on the server with a status (the not-found page: 404). */
export function useServerStatus(status: number): void {
  const outcome = useContext(ServerOutcomeContext);
  if (outcome) outcome.status = status;
}

/**
 * A route's redirect. On the server it becomes an HTTP redirect when `http` holds (the rule does not
 * depend on what only the browser knows: the session, local storage); otherwise the server and the
 * hydration render nothing here, and the browser redirects once hydrated.
 */
export function Redirect({ to, http = true }: { to: string; http?: boolean }) {
  const outcome = useContext(ServerOutcomeContext);
  const hydrated = useHydrated();
  if (outcome) {
    if (http) outcome.redirect ??= to;
    return null;
  }
  return hydrated ? <Navigate to={to} replace /> : null;
}
