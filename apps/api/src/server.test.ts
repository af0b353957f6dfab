import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killServer, type ServerProcess, startServer } from './test/server-process.ts';

// The real server as a process on the embedded database: the data-folder lock, a clean Ctrl-C and
// data that survives a restart.
const dataDir = mkdtempSync(join(tmpdir(), 'server-test-'));
const running: ServerProcess[] = [];
const start = async () => {
  const server = await startServer({ DATA_DIR: dataDir });
  running.push(server);
  return server;
};

afterAll(async () => {
  await Promise.all(running.map((server) => killServer(server)));
});

// One run is enough: the process always uses the embedded database here.
describe.skipIf(process.env.TEST_DATABASE_URL)('the server process', { timeout: 600_000 }, () => {
  it('loads the demo data once, refuses a second server on its folder, stops cleanly and keeps its data', async () => {
    const first = await start();
    expect(first.output()).toContain('Loaded the demo data');
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(true);

    await expect(start()).rejects.toThrow(`The data folder ${dataDir} is in use by another server`);

    // The first server still answers after the refusal; Ctrl-C then closes it cleanly.
    expect((await fetch(`${first.base}/v7/apps/?domain=localhost`)).status).toBe(200);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);

    const third = await start();
    expect(third.output()).not.toContain('Loaded the demo data');
    const app = await fetch(`${third.base}/v7/apps/?domain=localhost`).then((res) => res.json());
    expect(app.uid).toBe('demo');
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  });
});
