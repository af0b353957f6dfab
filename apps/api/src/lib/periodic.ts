import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `job` every `intervalMs` in the server process, one pass at a time (the next is scheduled when
 * the last ends). The returned stop() clears the timer and waits for a running pass, so that the
 * database is never closed under it. Jobs must be safe with several API processes running them.
 */
export function every(
  name: string,
  intervalMs: number,
  job: () => Promise<unknown>,
  log: FastifyBaseLogger,
): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> = Promise.resolve();
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(run, intervalMs);
    timer.unref();
  };
  const run = () => {
    pass = job()
      .then(
        (result) => log.debug({ job: name, result }, 'periodic job done'),
        (error) => log.error({ err: error, job: name }, 'periodic job failed'),
      )
      .finally(schedule);
  };
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await pass;
  };
}
