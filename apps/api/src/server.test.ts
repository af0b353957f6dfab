import { existsSync, mkdtempSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OWN_PID_NAMESPACE, pidNamespaceProblem } from './test/proof-requirements.ts';
import { killServer, type ServerProcess, startServer } from './test/server-process.ts';

// The real server as a process on the embedded database: the data-folder lock, a clean Ctrl-C and
// data that survives a restart.
const dataDir = mkdtempSync(join(tmpdir(), 'server-test-'));
const running: ServerProcess[] = [];
const start = async (wrapper: string[] = [], folder = dataDir, env: NodeJS.ProcessEnv = {}) => {
  const server = await startServer({ DATA_DIR: folder, ...env }, undefined, wrapper);
  running.push(server);
  return server;
};

afterAll(async () => {
  await Promise.all(running.map((server) => killServer(server)));
});

// One run is enough: the process always uses the embedded database here.
describe.skipIf(process.env.TEST_DATABASE_URL)('the server process', { timeout: 600_000 }, () => {
  it('loads the demo data once, refuses a second server on its folder, stops cleanly and keeps its data', async () => {
    const first = await start([], dataDir, { LOG_LEVEL: 'info' });
    expect(first.output()).toContain('Loaded the demo data');
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(true);

    await expect(start()).rejects.toThrow(`The data folder ${dataDir} is in use by another server`);

    // The first server still answers after the refusal; Ctrl-C then closes it cleanly.
    expect((await fetch(`${first.base}/v7/apps/?domain=localhost`)).status).toBe(200);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    // The log, written in blocks, is written whole at exit: the request's line and the shutdown's.
    expect(first.output()).toMatch(/"url":"\/api\/v7\/apps\/\?domain=localhost".*"status":200/);
    expect(first.output()).toContain('SIGINT: finishing in-flight requests');
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);

    const third = await start();
    expect(third.output()).not.toContain('Loaded the demo data');
    const app = await fetch(`${third.base}/v7/apps/?domain=localhost`).then((res) => res.json());
    expect(app.uid).toBe('demo');

    // kill -9 leaves the lock behind; a server in the same pid namespace sees the pid dead and takes
    // it over at once, without waiting for the heartbeat to go stale: its heartbeat is set an hour
    // ahead, so that only the dead pid lets the next server start.
    await killServer(third);
    const lock = join(dataDir, 'server.lock');
    expect(existsSync(lock)).toBe(true);
    const later = new Date(Date.now() + 3_600_000);
    utimesSync(lock, later, later);
    const fourth = await start();
    fourth.child.kill('SIGTERM');
    expect(await fourth.exited).toBe(0);
  });

  // Two containers on one volume: each server in its own pid namespace, where both can be pid 1. Without
  // root it skips, and `npm test` names the skip (REQUIRE_ALL_PROOFS=1 fails on it).
  const ownNamespace = OWN_PID_NAMESPACE;
  const unshareProblem = pidNamespaceProblem();
  if (unshareProblem) console.log(`Skipping the pid-namespace lock proof: ${unshareProblem}`);

  it.skipIf(unshareProblem)(
    'holds the lock against a server in another pid namespace, and takes over from one killed with -9',
    async () => {
      const folder = mkdtempSync(join(tmpdir(), 'server-ns-test-'));
      const first = await start(ownNamespace, folder);
      // The second waits for a heartbeat to move, then refuses, naming the holder.
      const refusal = await start(ownNamespace, folder).then(
        () => 'started',
        (error: Error) => error.message,
      );
      expect(refusal).toContain(`The data folder ${folder} is in use by another server (process `);
      expect(refusal).toMatch(/pid:\[\d+\], since .*, last heartbeat \d+\.\d s ago/);
      expect((await fetch(`${first.base}/v7/apps/?domain=localhost`)).status).toBe(200);

      // kill -9 of the first container: its heartbeat stops, and the next server takes over once it
      // has been silent for STALE_MS.
      await killServer(first);
      const next = await start(ownNamespace, folder);
      expect(next.output()).not.toContain('Loaded the demo data');
      expect((await fetch(`${next.base}/v7/apps/?domain=localhost`)).status).toBe(200);
      // unshare --fork ignores SIGTERM while it waits; afterAll's SIGKILL ends it and (--kill-child) the server.
    },
    240_000,
  );
});
