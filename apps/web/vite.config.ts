import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * dist/sw.js: src/pwa/service-worker.js with this build's shell (the entry's chunk and the stylesheet)
 * and a version from it, so that a new build installs a new worker that drops the old cache.
 */
function serviceWorker(): Plugin {
  return {
    name: 'storefront-service-worker',
    apply: 'build',
    // After Vite has added the stylesheet to the bundle.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const shell = Object.values(bundle)
        .filter((file) =>
          file.type === 'chunk'
            ? file.isEntry || file.name === 'initial'
            : file.fileName.startsWith('assets/') && file.fileName.endsWith('.css'),
        )
        .map((file) => `/${file.fileName}`)
        .sort();
      const version = createHash('sha256').update(shell.join()).digest('hex').slice(0, 12);
      const source = readFileSync(new URL('./src/pwa/service-worker.js', import.meta.url), 'utf8')
        .replace('self.__SHELL__', JSON.stringify(shell))
        .replace('self.__VERSION__', JSON.stringify(version));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

/**
 * React Router defines its components and contexts at module level (`var Form = React.forwardRef(…)`,
 * then `Form.displayName = "Form"`), a call and a write that the bundler must assume have effects: every
 * one of them came with the first page, used or not (the data router's <Form> and its submit code). Its
 * definitions are pure and the names a development aid, so they are marked pure and the names dropped.
 */
function treeShakeReactRouter(): Plugin {
  return {
    name: 'storefront-tree-shake-react-router',
    apply: 'build',
    transform: {
      filter: { id: /node_modules\/react-router\/dist\// },
      handler: (code) =>
        code
          .replace(/= (React\d*)\.(forwardRef|memo|createContext)\(/g, '= /* @__PURE__ */ $1.$2(')
          .replace(/^\w+\.displayName = "[^"]*";$/gm, ''),
    },
  };
}

// Two builds: the browser's (dist) and the server renderer's (dist-ssr, `vite build --ssr`), which the
// API's storefront plugin loads to render the public pages (docs/decisions/015-server-rendering.md).
export default defineConfig(({ command, isSsrBuild }) => {
  // `vite build` makes the production build whatever NODE_ENV the shell has: Vite and the React plugin
  // read it after this config, and a NODE_ENV=development would compile the JSX for React's development
  // runtime, which the renderer's production React lacks (issue 28).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: isSsrBuild
      ? [react(), treeShakeReactRouter()]
      : [react(), treeShakeReactRouter(), serviceWorker()],
    resolve: {
      alias: [
        {
          find: /^use-sync-external-store\/shim$/,
          replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store.ts', import.meta.url)),
        },
      ],
    },
    // The renderer bundles every package it imports (the contracts are TypeScript sources, and React must
    // be its production build: Node would load React's development build, as NODE_ENV is unset in `npm start`).
    // jsdom, which it requires at run time for the sanitiser, stays in node_modules.
    ssr: { noExternal: true, external: ['jsdom'] },
    define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
    build: isSsrBuild
      ? {
          target: 'node20',
          outDir: 'dist-ssr',
          sourcemap: false,
          emptyOutDir: true,
          copyPublicDir: false,
          // Assets by the same URLs as the browser's build, so that the hydration sees the same attributes.
          assetsInlineLimit: 0,
        }
      : {
          target: 'es2022',
          sourcemap: false,
          assetsInlineLimit: 0,
          manifest: true,
          // Browsers without <link rel=modulepreload> (Safari before 17) load the same files, a step later:
          // the polyfill was 0.5 KiB of every first page.
          modulePreload: { polyfill: false },
          // One stylesheet for every screen (7 KiB gzipped): the server's HTML links it in the head, so a
          // page paints styled from its first byte whichever screens it holds.
          cssCodeSplit: false,
          // Fewer files before the first paint: the entry's static imports in one chunk, and the modules that
          // screens of a feature share in one chunk per feature (their own dependencies stay where they are, or
          // zod and the forms came with every feature). /carta loads 11 files. Copying small shared chunks into
          // each screen instead (experimentalInlineCommonChunks) had rolldown wrap every module in an init
          // function, to keep one state across the copies: 1.7 KiB of the entry (decision 013).
          rolldownOptions: {
            preserveEntrySignatures: false,
            output: {
              codeSplitting: {
                groups: [
                  { name: 'initial', tags: ['$initial'] },
                  {
                    name: (id) => `shared-${/[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/.exec(id)?.[1]}`,
                    test: /[\\/]src[\\/]features[\\/]/,
                    minShareCount: 2,
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
        },
    server: { proxy: { '/api': 'http://localhost:8080' } },
  };
});
