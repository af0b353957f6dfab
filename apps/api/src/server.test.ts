import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The real server as a process on the embedded database: the data-folder lock, a clean Ctrl-C and
// data that survives a restart.
const serverEntry = fileURLToPath(new URL('./server.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'server-test-'));
const running: ChildProcess[] = [];

function startServer(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server on ${port} did not answer`);
}

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

// One run is enough: the process always uses the embedded database here.
describe.skipIf(process.env.TEST_DATABASE_URL)('the server process', { timeout: 120_000 }, () => {
  const port = 18400 + Math.floor(Math.random() * 500);

  it('loads the demo data once, refuses a second server on its folder, stops cleanly and keeps its data', async () => {
    const first = startServer(port);
    await waitForHealth(port).catch((error) => {
      throw new Error(`${error.message}: ${first.output()}`);
    });
    expect(first.output()).toContain('Loaded the demo data');
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(true);

    const second = startServer(port + 1);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data folder ${dataDir} is in use by another server`);

    // The first server still answers, and a request in flight when Ctrl-C arrives is finished.
    const inFlight = fetch(`http://127.0.0.1:${port}/api/v7/apps/?domain=localhost`);
    first.child.kill('SIGINT');
    expect((await inFlight).status).toBe(200);
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);

    const third = startServer(port + 2);
    await waitForHealth(port + 2);
    expect(third.output()).not.toContain('Loaded the demo data');
    const app = await fetch(`http://127.0.0.1:${port + 2}/api/v7/apps/?domain=localhost`).then((res) =>
      res.json(),
    );
    expect(app.uid).toBe('demo');
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  });
});
