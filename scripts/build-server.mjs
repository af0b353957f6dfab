// Compiles the API server to plain JavaScript (issue 19): one ES module bundle of our own TypeScript
// (apps/api and the workspace packages) with a source map, the npm packages left as imports. A
// production start then runs `npm run serve` (node --enable-source-maps … apps/api/dist/server.js), without tsx.
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** Each bundled module keeps its own location for the files it finds beside it (migrations, demo data). */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\/(apps|packages)\/[^/]+\/src\/.*\.ts$/ }, async ({ path }) => ({
      contents: (await readFile(path, 'utf8')).replaceAll(
        'import.meta.url',
        JSON.stringify(pathToFileURL(path).href),
      ),
      loader: 'ts',
    }));
  },
};

/** npm packages stay imports, resolved from node_modules at run time; the workspace's own are bundled. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path.startsWith('@storefront/') ? undefined : { path, external: true },
    );
  },
};

await build({
  entryPoints: ['apps/api/src/server.ts'],
  outfile: 'apps/api/dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [ownImportMetaUrl, npmPackagesExternal],
});
