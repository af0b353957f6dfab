import type { App } from '@storefront/contracts/app';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { Toasts } from '../lib/toast.tsx';
import { AppRecordProvider, AuthProvider } from './app-context.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { createRouter } from './router.tsx';

/** Server state, the tenant, the session, toasts (top-right, 5 s) and the routes. No app: the 404 page. */
export function Providers({ app }: { app: App | null }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } }),
  );
  const [router] = useState(createRouter);
  if (!app)
    return (
      <main>
        <NotFoundPage />
      </main>
    );
  return (
    <QueryClientProvider client={queryClient}>
      <AppRecordProvider app={app}>
        <AuthProvider>
          <RouterProvider router={router} />
          <Toasts />
        </AuthProvider>
      </AppRecordProvider>
    </QueryClientProvider>
  );
}
