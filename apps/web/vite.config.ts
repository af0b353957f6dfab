import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: { target: 'es2022', sourcemap: false, assetsInlineLimit: 0, manifest: true },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
