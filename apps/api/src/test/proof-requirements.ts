import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The proofs that need something a plain machine may lack, in one place: the tests skip on the same
// checks, and `npm test` ends by naming what was skipped and how to run it (`.ci/run` sets
// REQUIRE_ALL_PROOFS=1, which turns a skip into a failure).

export const hasPostgres = (): boolean => Boolean(process.env.TEST_DATABASE_URL);

export const hasRedisServer = (): boolean => {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const PROOFS = [
  {
    proofs: 'the server suites on PostgreSQL and the two-process proof',
    available: hasPostgres,
    missing: 'TEST_DATABASE_URL',
  },
  { proofs: 'the Redis rate-limit cases', available: hasRedisServer, missing: 'redis-server' },
];

/** One line naming the proofs this machine skips and the command that runs them, or null. */
export function skippedProofsLine(): string | null {
  const skipped = PROOFS.filter((proof) => !proof.available());
  if (skipped.length === 0) return null;
  const what = skipped.map((proof) => `${proof.proofs} (no ${proof.missing})`).join('; ');
  return `Skipped proofs: ${what}. Run them all with .ci/run (installs PostgreSQL and redis-server), or TEST_DATABASE_URL=postgres://… npm run test:unit with redis-server installed.`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const line = skippedProofsLine();
  if (line) {
    console.log(`\n${line}`);
    if (process.env.REQUIRE_ALL_PROOFS === '1') {
      console.error('REQUIRE_ALL_PROOFS=1: every proof must run here.');
      process.exit(1);
    }
  } else console.log('\nEvery proof ran (PostgreSQL and Redis present).');
}
