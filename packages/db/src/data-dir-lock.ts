import { mkdirSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import lockfile from 'proper-lockfile';

// Decision 003 (addendum): PGlite has no lock between processes, and a pid alone cannot tell two
// containers on one volume apart (each has its own pid namespace, both may be pid 1). The lock is a
// folder created atomically (proper-lockfile) whose mtime is a heartbeat; beside it, who holds it.

/** The holder touches the lock every HEARTBEAT_MS; a lock whose heartbeat is older than STALE_MS is free. */
export const HEARTBEAT_MS = 2_000;
export const STALE_MS = 10_000;
const POLL_MS = 250;

/** Where a process runs: two processes with the same identity see each other's pids. */
interface Identity {
  host: string;
  /** Changes at every boot of the kernel: a pid from an earlier boot is dead. */
  boot: string;
  pidNamespace: string;
}

interface Holder extends Identity {
  pid: number;
  since: string;
}

function readOr(read: () => string, fallback: string): string {
  try {
    return read().trim();
  } catch {
    return fallback;
  }
}

function identity(): Identity {
  return {
    host: hostname(),
    boot: readOr(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8'), ''),
    pidNamespace: readOr(() => readlinkSync('/proc/self/ns/pid'), ''),
  };
}

function describeHolder(holder: Holder | null, heartbeatAgeMs: number | null): string {
  const beat = heartbeatAgeMs === null ? '' : `, last heartbeat ${(heartbeatAgeMs / 1000).toFixed(1)} s ago`;
  if (!holder) return `an unknown server${beat}`;
  const where = holder.pidNamespace ? `${holder.host}, ${holder.pidNamespace}` : holder.host;
  return `process ${holder.pid} on ${where}, since ${holder.since}${beat}`;
}

export class DataDirLockedError extends Error {
  constructor(dir: string, holder: string) {
    super(
      `The data folder ${dir} is in use by another server (${holder}). ` +
        'PGlite cannot be shared between processes: stop that server, or set DATA_DIR to another folder, ' +
        'or set DATABASE_URL to use a PostgreSQL server. ' +
        `A server that died without stopping is taken over ${STALE_MS / 1000} s after its last heartbeat.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): Holder | null {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Holder;
    return Number.isInteger(holder.pid) ? holder : null;
  } catch {
    return null;
  }
}

const mtimeOf = (path: string): number | null => statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? null;

export interface DataDirLockOptions {
  /** Called when the lock was lost (its folder removed, or taken over after a stalled heartbeat). */
  onLost?: (error: Error) => void;
}

/**
 * Takes the lock on a PGlite data folder and keeps its heartbeat going; resolves to the release.
 * A holder that died in this pid namespace (kill -9) is taken over at once; one elsewhere (another
 * container or host) is waited for: a heartbeat that moves means it is alive (refused), one that stops
 * for STALE_MS means it is gone (taken over).
 */
export async function lockDataDir(
  dir: string,
  options: DataDirLockOptions = {},
): Promise<() => Promise<void>> {
  mkdirSync(dir, { recursive: true });
  const lockPath = join(dir, 'server.lock');
  const holderPath = join(dir, 'server.lock.holder.json');
  const me = identity();
  const lockOptions = {
    lockfilePath: lockPath,
    realpath: false,
    stale: STALE_MS,
    update: HEARTBEAT_MS,
    onCompromised:
      options.onLost ??
      ((error: Error) => {
        throw error;
      }),
  };

  // An older release left a plain file holding a pid (no heartbeat): the pid check is all it offers.
  if (statSync(lockPath, { throwIfNoEntry: false })?.isFile()) {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid))
      throw new DataDirLockedError(dir, `process ${pid}`);
    rmSync(lockPath, { force: true });
  }

  const firstBeat = mtimeOf(lockPath);
  const deadline = Date.now() + STALE_MS + HEARTBEAT_MS;
  for (;;) {
    try {
      const release = await lockfile.lock(dir, lockOptions);
      const holder: Holder = { ...me, pid: process.pid, since: new Date().toISOString() };
      writeFileSync(holderPath, `${JSON.stringify(holder)}\n`);
      return async () => {
        rmSync(holderPath, { force: true });
        await release();
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    }
    const holder = readHolder(holderPath);
    const beat = mtimeOf(lockPath);
    const age = beat === null ? null : Date.now() - beat;
    const sameNamespace =
      holder !== null &&
      holder.host === me.host &&
      holder.boot === me.boot &&
      holder.pidNamespace === me.pidNamespace;
    if (sameNamespace && holder.pid !== process.pid && isAlive(holder.pid))
      throw new DataDirLockedError(dir, describeHolder(holder, age));
    if (sameNamespace) {
      // Its pid is dead here (kill -9): no need to wait for the heartbeat to go stale.
      rmSync(lockPath, { recursive: true, force: true });
      continue;
    }
    // Held from elsewhere: a heartbeat that moved while we looked proves the holder alive.
    if ((firstBeat !== null && beat !== null && beat !== firstBeat) || Date.now() > deadline)
      throw new DataDirLockedError(dir, describeHolder(holder, age));
    await sleep(POLL_MS);
  }
}
