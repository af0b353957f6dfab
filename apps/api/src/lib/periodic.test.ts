import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { every } from './periodic.ts';

const log = { debug: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('every', () => {
  it('runs one pass at a time, survives a failing pass, and stop() waits for the running pass', async () => {
    let running = 0;
    let overlapped = false;
    let passes = 0;
    let finished = 0;
    const stop = every(
      'test',
      5,
      async () => {
        running++;
        overlapped ||= running > 1;
        passes++;
        await sleep(20);
        running--;
        finished++;
        if (passes === 1) throw new Error('first pass fails');
      },
      log,
    );
    await sleep(80);
    await stop();
    expect(passes).toBeGreaterThan(1);
    expect(overlapped).toBe(false);
    expect(finished).toBe(passes);
    expect(log.error).toHaveBeenCalledTimes(1);
    await sleep(30);
    expect(finished).toBe(passes);
  });
});
