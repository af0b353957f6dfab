import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The back office (architecture §9), served by the API on ADMIN_HOST (apps/api/src/plugins/admin-site.ts).
// Its first screen (sign-in) loads the framework only; each screen is its own chunk (decision 021-admin-framework).
export default defineConfig(({ command }) => {
  // The production build whatever NODE_ENV the shell has (as the storefront's, issue 28).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react()],
    build: {
      target: 'es2022',
      sourcemap: false,
      assetsInlineLimit: 0,
      manifest: true,
      // The framework's entry is one chunk of ~850 kB (270 kB gzipped): scripts/bundle-budget.mjs holds it to 400 KiB.
      chunkSizeWarningLimit: 1000,
    },
    // `npm run dev -w @storefront/admin`: the API of `npm run dev:api`.
    server: { port: 5174, proxy: { '/api': 'http://localhost:8080' } },
  };
});
