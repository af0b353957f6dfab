import type { App } from '@storefront/contracts/app';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NotFoundPage } from '../components/ui/not-found-page.tsx';
import { AppRecordProvider, AuthProvider } from '../lib/app-context.tsx';
import { Toasts } from '../lib/toast.tsx';

/** Server state, the tenant, the session and toasts (top-right, 5 s), around the router of either side. */
export function AppProviders({
  app,
  queryClient,
  children,
}: {
  app: App;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRecordProvider app={app}>
        <AuthProvider>
          {children}
          <Toasts />
        </AuthProvider>
      </AppRecordProvider>
    </QueryClientProvider>
  );
}

/** The browser's tree: the providers around its router. No app: the 404 page. */
export function Providers({
  app,
  queryClient,
  children,
}: {
  app: App | null;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  // The not-found page is a section of the shell's main; without an app there is no shell.
  if (!app)
    return (
      <main>
        <NotFoundPage />
      </main>
    );
  return (
    <AppProviders app={app} queryClient={queryClient}>
      {children}
    </AppProviders>
  );
}
