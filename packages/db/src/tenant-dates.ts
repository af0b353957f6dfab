import type { TenantFile } from '@storefront/contracts/tenant-file';

// A tenant file may be written relative to a day (`dates_relative_to`): on import, every validity,
// raffle and event date moves by the days between that day and the import day, so that the demo's
// promotions, raffles and events keep the same distance from today forever (decision 017).

const DAY_MS = 24 * 60 * 60 * 1000;
/** The fields that hold a schedule; birthdates and the like are facts and never move. */
const SCHEDULE_KEYS = new Set([
  'valid_from',
  'valid_until',
  'starts_at',
  'ends_at',
  'draw_date',
  'start_date',
  'end_date',
]);
const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})/;

/** `2030-12-31` or `2030-12-31T23:59:59-05:00` moved by `days` whole days (time and offset kept). */
export function shiftDate(value: string, days: number): string {
  const match = DATE_PREFIX.exec(value);
  if (!match) return value;
  const moved = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) + days * DAY_MS);
  return moved.toISOString().slice(0, 10) + value.slice(10);
}

function shiftIn(node: unknown, days: number): unknown {
  if (Array.isArray(node)) return node.map((item) => shiftIn(item, days));
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      SCHEDULE_KEYS.has(key) && typeof value === 'string' ? shiftDate(value, days) : shiftIn(value, days),
    ]),
  );
}

/** The file with its schedule moved to `today`, or as it is when it names no reference day. */
export function datesFromToday(file: TenantFile, today: Date): TenantFile {
  if (!file.dates_relative_to) return file;
  const reference = Date.parse(`${file.dates_relative_to}T00:00:00Z`);
  const day = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return shiftIn(file, Math.round((day - reference) / DAY_MS)) as TenantFile;
}
