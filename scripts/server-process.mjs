// The API server as production starts it (`npm run serve`: the compiled bundle with its Node flags), as a
// child process on a free loopback port, for the budgets and benchmarks that measure the real thing.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** `npm run serve`'s command, read from package.json so that the flags are written once. */
function serveCommand() {
  const [command, ...args] = JSON.parse(readFileSync('package.json', 'utf8')).scripts.serve.split(' ');
  return { command: command === 'node' ? process.execPath : command, args };
}

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/**
 * Starts the server with `env` (DATA_DIR or DATABASE_URL, …) and resolves once /api/health answers,
 * with the milliseconds that took.
 */
export async function startServer(env) {
  const port = await freePort();
  const { command, args } = serveCommand();
  const started = performance.now();
  const child = spawn(command, args, {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`, { headers: { host: 'localhost' } }).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (i > 3000) throw new Error('the server did not answer /api/health within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    url,
    pid: child.pid,
    startMs: performance.now() - started,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The process's resident memory in MB, from /proc (reading it costs the process nothing). */
export function residentMb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m);
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line[1]) / 1024;
}

/** The median of `samples` readings one second apart, after `settleMs` of quiet. */
export async function idleResidentMb(pid, { settleMs = 3000, samples = 7 } = {}) {
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const readings = [];
  for (let i = 0; i < samples; i++) {
    readings.push(residentMb(pid));
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  readings.sort((a, b) => a - b);
  return readings[Math.floor(readings.length / 2)];
}
