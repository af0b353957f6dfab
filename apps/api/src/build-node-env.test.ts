import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { getAs, killServer, type ServerProcess, startServer } from './test/server-process.ts';

// `npm start` from a shell that has NODE_ENV=development (issue 28): its builds are still the production
// ones, and the server renders the storefront's pages with them. Built here into a folder of its own
// (the three `vite build`s of `npm run build`), not over the checkout's. Without NODE_ENV, the build
// `npm test` makes is the one the server-rendering tests and the journeys run on.
const folder = mkdtempSync(join(tmpdir(), 'build-node-env-'));
const web = join(folder, 'web');
const admin = join(folder, 'admin');
const viteBuild = (app: 'web' | 'admin', args: string[]) =>
  promisify(execFile)(
    resolve(`apps/${app}/node_modules/.bin/vite`),
    ['build', '--logLevel', 'warn', ...args],
    {
      cwd: resolve(`apps/${app}`),
      env: { ...process.env, NODE_ENV: 'development' },
    },
  );

/** The JavaScript files under `dir`, by name, with their text. */
const scripts = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') }));

let server: ServerProcess | undefined;
afterAll(async () => {
  if (server) await killServer(server);
});

// One run is enough: the builds do not depend on the database.
describe.skipIf(process.env.TEST_DATABASE_URL)(
  'a shell with NODE_ENV=development',
  { timeout: 600_000 },
  () => {
    it('builds the production storefront and admin site, and the server renders /carta with them', async () => {
      await Promise.all([
        viteBuild('web', ['--outDir', join(web, 'dist')]),
        viteBuild('web', ['--ssr', 'src/entry-server.tsx', '--outDir', join(web, 'dist-ssr')]),
        viteBuild('admin', ['--outDir', admin]),
      ]);
      // JSX compiled for React's production runtime, and React's production build, in all three.
      for (const dir of [join(web, 'dist'), join(web, 'dist-ssr'), admin])
        expect(scripts(dir).flatMap(({ file, text }) => (text.includes('jsxDEV') ? [file] : []))).toEqual([]);
      const renderer = readFileSync(join(web, 'dist-ssr', 'entry-server.js'), 'utf8');
      expect(renderer).toContain('react-dom-server.node.production');

      server = await startServer({
        NODE_ENV: 'development',
        DATA_DIR: join(folder, 'data'),
        WEB_DIST: join(web, 'dist'),
        ADMIN_DIST: admin,
      });
      const carta = await getAs('localhost', `http://127.0.0.1:${server.port}/carta`);
      expect(carta.status).toBe(200);
      expect(carta.body.slice(carta.body.indexOf('<div id="root">'))).toContain('Leche de tigre');
      const site = await getAs('admin.localhost', `http://127.0.0.1:${server.port}/`);
      expect(site.status).toBe(200);
      expect(site.body).toContain(
        readFileSync(join(admin, 'index.html'), 'utf8').match(/\/assets\/index-[\w-]+\.js/)?.[0],
      );
    });
  },
);
