import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client.ts';
import { openTestDatabase } from './testing.ts';

describe('the database client', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());

  // PGlite answers on the event loop's own thread: without a turn between queries, a chain of them
  // would hold every other request (even one answered from memory) until the last.
  it('lets the event loop take turns between the queries of a chain, plain and in a transaction', async () => {
    const queries = 20;
    for (const chain of [
      async () => {
        for (let i = 0; i < queries; i++) await handle.db.execute(sql`select ${i}::integer`);
      },
      () =>
        handle.db.transaction(async (tx) => {
          for (let i = 0; i < queries; i++) await tx.execute(sql`select ${i}::integer`);
        }),
    ]) {
      let turns = 0;
      let done = false;
      const turn = () => {
        turns += 1;
        if (!done) setImmediate(turn);
      };
      setImmediate(turn);
      await chain();
      done = true;
      expect(turns).toBeGreaterThanOrEqual(queries);
    }
  });
});
