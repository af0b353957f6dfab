// HTTP load for the benchmarks: autocannon in a second process (scripts/bench-load.mjs), so that it does
// not share an event loop with what it measures.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export interface Job {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  tokens?: string[];
  /** A query parameter given a new value on every request (scripts/bench-load.mjs). */
  newAddress?: string;
}
export interface Result {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** `job` against `base` with `connections` for `duration` seconds, with the Host header of `host`. */
export async function load(
  base: string,
  job: Job,
  { connections, duration, host = 'localhost' }: { connections: number; duration: number; host?: string },
): Promise<Result> {
  const { path, ...rest } = job;
  const { stdout: out } = await promisify(execFile)(
    process.execPath,
    [
      'scripts/bench-load.mjs',
      JSON.stringify({
        ...rest,
        url: `${base}${path}`,
        headers: { host, ...job.headers },
        connections,
        duration,
      }),
    ],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  const result = JSON.parse(out) as Result & { total: number };
  return { ...result, rps: result.total / duration };
}
