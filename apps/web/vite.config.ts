import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The production build runs on preact/compat: React's API at a fraction of react-dom's weight, which
// keeps the first page within its JavaScript budget (docs/decisions/013-first-page-budget.md). The dev
// server and the unit tests keep React (fast refresh, Testing Library).
const preactCompat = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react(-dom)?$/, replacement: 'preact/compat' },
];

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: { alias: command === 'build' ? preactCompat : [] },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    manifest: true,
    // Fewer files before the first paint: the entry's static imports in one chunk, and small chunks shared
    // by screens copied into each screen (rolldown keeps one module state across the copies). A mobile
    // link pays a round trip per file: /carta went from 28 files to 12 (decision 013, addendum 2).
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: [{ name: 'initial', tags: ['$initial'] }],
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
}));
