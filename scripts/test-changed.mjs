// `npm run test:changed [-- BASE]`: the checks of what a change touches, in a couple of minutes, for daily
// work. Lint of the changed files, the type check, the unit and server tests that import a changed file
// (Vitest follows the module graph; on PostgreSQL too when TEST_DATABASE_URL is set), and the journeys
// whose spec or its helpers changed. BASE defaults to main, or to HEAD (the uncommitted changes) on main.
// The whole `npm test` is still what CI runs; the README says when to run it yourself.
import { execSync } from 'node:child_process';

const git = (command) => execSync(`git ${command}`, { encoding: 'utf8' }).split('\n').filter(Boolean);
const base = process.argv[2] ?? (git('rev-parse --abbrev-ref HEAD')[0] === 'main' ? 'HEAD' : 'main');
const run = (step) => {
  console.log(`\n$ ${step}`);
  execSync(step, { stdio: 'inherit' });
};
// The files changed since BASE, committed or not, and the new ones (Biome's own --changed sees commits only).
const changed = [
  ...git(`diff --name-only --diff-filter=d ${base}`),
  ...git('ls-files --others --exclude-standard'),
];
if (changed.length > 0) run(`npx biome check --no-errors-on-unmatched ${changed.join(' ')}`);
run('npm run typecheck');
run(`npx vitest run --changed ${base} --passWithNoTests`);
// The journeys run on the built server: build only when one of them is to run.
const journeys = execSync(`npx playwright test --only-changed=${base} --list`, { encoding: 'utf8' });
if (!/^Total: 0 tests/m.test(journeys)) {
  run('npm run build');
  run(`npx playwright test --only-changed=${base}`);
}
