import type { FastifyBaseLogger } from 'fastify';

/** While the far server keeps failing, the worker waits twice as long after each pass, up to this. */
export const MAX_BACKOFF_MS = 5 * 60_000;

/** The wait before the next pass: the interval, doubled for each failed pass in a row, capped. */
export const backoffDelay = (intervalMs: number, failedPasses: number) =>
  Math.min(intervalMs * 2 ** failedPasses, MAX_BACKOFF_MS);

/**
 * Runs one pass of an outbox (mail, push) after another until stopped, backing off exponentially while
 * the server it delivers to (or the database) fails. The returned stop function waits for a running
 * pass, so that the database can close after it.
 */
export function startOutboxWorker(
  name: string,
  pass: () => Promise<{ serverFailing: boolean }>,
  log: FastifyBaseLogger,
  intervalMs: number,
) {
  let failedPasses = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const schedule = () => {
    if (!stopped) timer = setTimeout(run, backoffDelay(intervalMs, failedPasses));
  };
  const run = () => {
    running = pass()
      .then(({ serverFailing }) => {
        if (serverFailing) log.warn(`${name} server failing; backing off`);
        failedPasses = serverFailing ? Math.min(failedPasses + 1, 30) : 0;
      })
      .catch((error) => {
        log.error({ err: error }, `${name} worker pass failed`);
        failedPasses = Math.min(failedPasses + 1, 30);
      })
      .finally(schedule);
  };
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
