import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The proofs that need something a plain machine may lack, in one place: the tests skip on the same
// checks, and `npm test` ends by naming what was skipped and how to run it (`.ci/run` sets
// REQUIRE_ALL_PROOFS=1, which turns a skip into a failure).

export const hasPostgres = (): boolean => Boolean(process.env.TEST_DATABASE_URL);

function runs(command: string): boolean {
  try {
    execFileSync(command, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export const hasRedisServer = (): boolean => runs('redis-server');

/** libxml2's xmllint and xmlsec1: the receipts' documents are checked with tools that are not ours. */
export const hasXmlTools = (): boolean => runs('xmllint') && runs('xmlsec1');

/** `unshare` runs a server in its own pid namespace, as a container would (root only). */
export const OWN_PID_NAMESPACE = ['unshare', '--pid', '--fork', '--kill-child'];

/** Why this machine cannot run a server in its own pid namespace, or null when it can. */
export function pidNamespaceProblem(): string | null {
  const probe = spawnSync(OWN_PID_NAMESPACE[0] as string, [...OWN_PID_NAMESPACE.slice(1), 'true'], {
    encoding: 'utf8',
  });
  if (probe.error) return `unshare is not available (${probe.error.message})`;
  return probe.status === 0
    ? null
    : `unshare --pid failed (${probe.stderr.trim() || `exit ${probe.status}`}; it needs root)`;
}

const PROOFS = [
  {
    proofs: 'the server suites on PostgreSQL and the two-process proof',
    available: hasPostgres,
    missing: 'TEST_DATABASE_URL',
  },
  { proofs: 'the Redis rate-limit cases', available: hasRedisServer, missing: 'redis-server' },
  {
    proofs: "the receipts' schema and signature proofs",
    available: hasXmlTools,
    missing: 'xmllint or xmlsec1, Debian packages libxml2-utils and xmlsec1',
  },
  {
    proofs: 'the pid-namespace lock proof (server.test.ts)',
    available: () => pidNamespaceProblem() === null,
    missing: 'root for unshare --pid',
  },
];

/** One line naming the proofs this machine skips and the command that runs them, or null. */
export function skippedProofsLine(): string | null {
  const skipped = PROOFS.filter((proof) => !proof.available());
  if (skipped.length === 0) return null;
  const what = skipped.map((proof) => `${proof.proofs} (no ${proof.missing})`).join('; ');
  return `Skipped proofs: ${what}. Run them all with .ci/run (as root: installs PostgreSQL, redis-server, libxml2-utils and xmlsec1), or TEST_DATABASE_URL=postgres://… npm run test:unit as root with redis-server, xmllint and xmlsec1 installed.`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const line = skippedProofsLine();
  if (line) {
    console.log(`\n${line}`);
    if (process.env.REQUIRE_ALL_PROOFS === '1') {
      console.error('REQUIRE_ALL_PROOFS=1: every proof must run here.');
      process.exit(1);
    }
  } else console.log('\nEvery proof ran (PostgreSQL, Redis and pid namespaces present).');
}
