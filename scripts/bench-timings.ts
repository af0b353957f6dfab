// The delays the tests wait for without timing them (decision 025): a server's restart on a data folder
// whose holder was killed with -9, and the order board's stream ending after its session logs out or
// its staff role is revoked (the README promises 2 s). Each on the real server process (PGlite in a
// temporary folder), medians of a few runs. Usage: npm run bench -- --only timings.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STAFF_UID } from '../apps/api/src/modules/admin/admin.fixtures.ts';
import { openOrderStream } from '../apps/api/src/test/order-stream-client.ts';
import { killServer, type ServerProcess, startServer } from '../apps/api/src/test/server-process.ts';
import { machine, median, writeBenchSection } from './bench-report.ts';

const RUNS = 3;

async function post(server: ServerProcess, path: string, body: object, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.base}${path}`, {
    method: 'POST',
    headers: { host: 'localhost', 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return res.json() as Promise<{ token: string }>;
}

/** ms from the start of the stream's end cause to the stream's end. */
async function streamEnd(server: ServerProcess, end: (token: string) => Promise<unknown>) {
  const { token } = await post(server, '/v5/login/', { email: 'tienda@demo.pe', password: 'Demo1234!' });
  const stream = await openOrderStream(server.base, token, 'place-miraflores');
  stream.since();
  await end(token);
  return stream.ended;
}

export async function benchTimings(): Promise<void> {
  const restarts: number[] = [];
  const logouts: number[] = [];
  const revokes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const folder = mkdtempSync(join(tmpdir(), 'bench-timings-'));
    const first = await startServer({ DATA_DIR: folder });
    await killServer(first);
    const startedAt = performance.now();
    const server = await startServer({ DATA_DIR: folder });
    restarts.push(performance.now() - startedAt);
    try {
      logouts.push(
        await streamEnd(server, (token) =>
          fetch(`${server.base}/v5/logout/`, {
            method: 'POST',
            headers: { host: 'localhost', authorization: `Token ${token}` },
          }),
        ),
      );
      const owner = await post(
        server,
        '/admin/session/',
        { email: 'dueno@demo.pe', password: 'Demo1234!' },
        { host: 'admin.localhost' },
      );
      revokes.push(
        await streamEnd(server, () =>
          fetch(`${server.base}/admin/companies/demo-main/staff/${STAFF_UID}/`, {
            method: 'DELETE',
            headers: { host: 'admin.localhost', authorization: `Token ${owner.token}` },
          }),
        ),
      );
    } finally {
      await killServer(server);
    }
  }
  const table = [
    '### Delays the tests wait for',
    '',
    `Machine: ${machine()}. Command: \`npm run bench -- --only timings\`. The real server process on PGlite in a new folder, medians of ${RUNS} runs, in ms. The restart includes the process's own boot (migrations checked, demo already loaded).`,
    '',
    '| delay | median ms | max ms |',
    '| --- | ---: | ---: |',
    `| restart on a folder whose server was killed with -9 (same pid namespace) | ${median(restarts).toFixed(0)} | ${Math.max(...restarts).toFixed(0)} |`,
    `| order-board stream ends after its session logs out (README: 2 s) | ${median(logouts).toFixed(0)} | ${Math.max(...logouts).toFixed(0)} |`,
    `| order-board stream ends after the staff role is revoked (README: 2 s) | ${median(revokes).toFixed(0)} | ${Math.max(...revokes).toFixed(0)} |`,
    '',
  ].join('\n');
  console.log(table);
  writeBenchSection('timings', table);
}
