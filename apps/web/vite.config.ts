import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
});
