import type { ReactNode } from 'react';
import { Outlet, useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../components/ui/not-found-page.tsx';
import { useAppRecord, useAuth } from '../lib/app-context.tsx';
import { companyByUid } from '../lib/company.ts';
import { Redirect } from '../lib/server-render.tsx';
import { deletionRedirect, type GuardState } from './guards.ts';

/** Applies one rule of guards.ts: redirects when it says so, else renders the children or the nested routes. */
export function Guard({
  rule,
  children,
}: {
  rule: (state: GuardState) => string | null;
  children?: ReactNode;
}) {
  const app = useAppRecord();
  const { loggedIn, landing } = useAuth();
  const preview = new URLSearchParams(useLocation().search).has('preview');
  const to = rule({ app, loggedIn, landing, preview });
  // The server renders for a visitor: it answers the redirect over HTTP only when a member would not see
  // this page either (/register without signup); a member then meets the target's own guard.
  if (to) return <Redirect to={to} http={rule({ app, loggedIn: !loggedIn }) !== null} />;
  return children ?? <Outlet />;
}

/** /c/{companyUid}/...: only among the app's allowed companies. */
export function AllowedCompanyGuard() {
  const app = useAppRecord();
  const { companyUid } = useParams();
  return companyByUid(app, companyUid) ? <Outlet /> : <NotFoundPage />;
}

/** Deletion links move to or from the app's customer prefix (spec §2, architecture §2). */
export function DeletionLinkGuard({ prefixed }: { prefixed: boolean }) {
  const app = useAppRecord();
  const { pathname } = useLocation();
  const { deletionPrefix } = useParams();
  const to = deletionRedirect(app, pathname, prefixed ? (deletionPrefix ?? '') : null);
  return to ? <Redirect to={to} /> : <Outlet />;
}
