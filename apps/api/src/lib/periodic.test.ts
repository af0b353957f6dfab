import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { every } from './periodic.ts';

const log = { debug: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;

/** A pass the test finishes when it chooses. */
function controlledJob() {
  const passes: { finish: () => void; fail: (error: Error) => void }[] = [];
  const job = () =>
    new Promise<void>((resolve, reject) => {
      passes.push({ finish: resolve, fail: reject });
    });
  return { job, passes };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('every', () => {
  it('runs one pass at a time, survives a failing pass, and stop() waits for the running pass', async () => {
    vi.useFakeTimers();
    const { job, passes } = controlledJob();
    const stop = every('test', 5, job, log);
    await vi.advanceTimersByTimeAsync(4);
    expect(passes).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(passes).toHaveLength(1);
    // However long a pass takes, the next waits for it.
    await vi.advanceTimersByTimeAsync(1000);
    expect(passes).toHaveLength(1);
    passes[0]?.fail(new Error('first pass fails'));
    await vi.advanceTimersByTimeAsync(0);
    expect(log.error).toHaveBeenCalledTimes(1);
    // The next pass comes an interval after the failed one ended.
    await vi.advanceTimersByTimeAsync(4);
    expect(passes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(passes).toHaveLength(2);

    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(50);
    expect(stopped).toBe(false);
    passes[1]?.finish();
    await stopping;
    expect(log.debug).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(passes).toHaveLength(2);
  });
});
