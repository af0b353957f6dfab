import { AppError } from '@storefront/contracts/errors';

/**
 * The lost-update check (architecture §9): a write made from version `expected` (If-Match) of an object
 * now at `current.version` answers 409 with the object as it is. Without If-Match the write applies.
 */
export function checkVersion<T extends { version: number }>(expected: number | undefined, current: T): void {
  if (expected !== undefined && expected !== current.version)
    throw new AppError('STALE_VERSION', undefined, { current });
}

export const etagOf = (version: number) => `"${version}"`;

/** Whether saving `changes` (columns) would change `row`: a save that changes nothing keeps the version. */
export const changesRow = (changes: object, row: object) =>
  Object.entries(changes).some(
    ([key, value]) => JSON.stringify(value) !== JSON.stringify((row as Record<string, unknown>)[key]),
  );
