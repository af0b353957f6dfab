import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const file = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));

/** Replaces (or appends) the section of docs/benchmarks.md between the markers of `name`. */
export function writeBenchSection(name: string, table: string): void {
  const begin = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const section = `${begin}\n${table}\n${end}`;
  const current = existsSync(file)
    ? readFileSync(file, 'utf8')
    : '# Benchmarks\n\nFigures measured on this machine; each section is rewritten by the script named in it.\n';
  writeFileSync(
    file,
    current.includes(begin)
      ? current.replace(new RegExp(`${begin}[\\s\\S]*?${end}`), () => section)
      : `${current.trimEnd()}\n\n${section}\n`,
  );
  console.log(`Wrote the ${name} section of ${file}.`);
}

/** The machine line of every section: cores, Node, when, and the load it ran under. */
export const machine = () =>
  `${availableParallelism()} cores (nproc), Node ${process.version}, ${new Date().toISOString()}, load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`;

/** The middle of a run's figures (the upper middle of an even count). */
export const median = (values: number[]) =>
  values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
