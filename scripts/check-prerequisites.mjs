// What `npm test` needs from the system, checked before anything runs, so that a missing piece is one
// plain line with the command that installs it rather than a failure deep in the Lighthouse step.
import { accessSync, constants } from 'node:fs';
import pg from 'pg';

const problems = [];

const browsers = [
  {
    path: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    package: 'chromium',
    runs: 'the Lighthouse budget',
  },
  {
    path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    package: 'chromium-headless-shell',
    runs: 'the browser journeys',
  },
];
for (const browser of browsers) {
  try {
    accessSync(browser.path, constants.X_OK);
  } catch {
    problems.push(
      `Chromium is missing at ${browser.path} (${browser.runs} run in it): apt-get install -y ${browser.package}`,
    );
  }
}

if (process.env.TEST_DATABASE_URL) {
  const client = new pg.Client({
    connectionString: process.env.TEST_DATABASE_URL,
    connectionTimeoutMillis: 5000,
  });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    problems.push(
      `TEST_DATABASE_URL does not answer (${error.message}): start a PostgreSQL 15 server (apt-get install -y postgresql; .ci/run shows how) or unset it`,
    );
  } finally {
    await client.end().catch(() => {});
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`npm test cannot run: ${problem}`);
  process.exit(1);
}
