// `npm audit` for npm test: fails on high or critical advisories only (moderate and low are printed).
// It needs the registry's advisory endpoint; where that endpoint cannot be reached (offline, or a
// mirror that does not serve it) the audit is reported as not run, and fails only with AUDIT_STRICT=1.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--json'], { encoding: 'utf8', shell: process.platform === 'win32' });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = { error: { summary: run.stderr.trim().split('\n').at(-1) ?? 'no output' } };
}

const counts = report.metadata?.vulnerabilities;
if (!counts) {
  const why = report.message ?? report.error?.summary ?? 'unknown error';
  console.error(`npm audit did not run: ${why}`);
  process.exit(process.env.AUDIT_STRICT === '1' ? 1 : 0);
}

const blocking = Object.values(report.vulnerabilities ?? {}).filter((v) =>
  ['high', 'critical'].includes(v.severity),
);
console.log(
  `npm audit: ${counts.critical} critical, ${counts.high} high, ${counts.moderate} moderate, ${counts.low} low`,
);
for (const v of blocking)
  console.error(`  ${v.severity}: ${v.name} (${v.range}) ${v.fixAvailable ? 'fix available' : ''}`);
process.exit(blocking.length ? 1 : 0);
