import { describe, expect, it } from 'vitest';
import { toRunningTime } from './lighthouse-trace.mjs';

// Two processes: the page's renderer (pid 1, main thread 10, compositor 11) and the browser (pid 2).
const names = [
  { ph: 'M', name: 'thread_name', pid: 1, tid: 10, args: { name: 'CrRendererMain' } },
  { ph: 'M', name: 'thread_name', pid: 1, tid: 11, args: { name: 'Compositor' } },
  { ph: 'M', name: 'thread_name', pid: 2, tid: 20, args: { name: 'CrBrowserMain' } },
];
const task = (ts, dur, tdur, tid = 10, pid = 1) => ({ ph: 'X', name: 'RunTask', pid, tid, ts, dur, tdur });
const child = (name, ts, dur) => ({ ph: 'X', name, pid: 1, tid: 10, ts, dur });
const mark = (name, ts) => ({ ph: 'I', name, pid: 1, tid: 10, ts });

describe('the Lighthouse gate: each main-thread task as long as the thread ran in it', () => {
  it('shortens a task and everything in it by the share it ran, from where it began', () => {
    const events = [
      ...names,
      // 100 µs long, 40 running: everything inside is moved toward 1000 and shortened to 0.4.
      task(1000, 100, 40),
      child('FunctionCall', 1010, 80),
      child('v8.compile', 1050, 20),
      mark('ResourceSendRequest', 1090),
      { ph: 'E', name: 'Layout', pid: 1, tid: 10, ts: 1100 },
      // The next task begins exactly where the first ends: it is its own, and ran all its time.
      task(1100, 50, 50),
      child('ParseHTML', 1100, 30),
    ];
    const share = toRunningTime(events);
    const at = (name) => events.find((event) => event.name === name);
    expect(events[3]).toMatchObject({ ts: 1000, dur: 40 });
    expect(at('FunctionCall')).toMatchObject({ ts: 1004, dur: 32 });
    expect(at('v8.compile')).toMatchObject({ ts: 1020, dur: 8 });
    expect(at('ResourceSendRequest').ts).toBe(1036);
    expect(at('Layout').ts).toBe(1040);
    expect(events[8]).toMatchObject({ ts: 1100, dur: 50 });
    expect(at('ParseHTML')).toMatchObject({ ts: 1100, dur: 30 });
    // 90 of 150 µs ran.
    expect(share).toBeCloseTo(0.6, 10);
  });

  it('moves a task run inside another (a nested loop) with its parent, and never lengthens one', () => {
    const events = [
      ...names,
      task(0, 200, 50),
      task(100, 40, 40),
      child('EvaluateScript', 120, 10),
      // A thread clock a little over the wall clock leaves the task as it was.
      task(500, 10, 11),
      child('Paint', 502, 6),
    ];
    const share = toRunningTime(events);
    expect(events[3]).toMatchObject({ ts: 0, dur: 50 });
    expect(events[4]).toMatchObject({ ts: 25, dur: 10 });
    expect(events[5]).toMatchObject({ ts: 30, dur: 2.5 });
    expect(events[6]).toMatchObject({ ts: 500, dur: 10 });
    expect(events[7]).toMatchObject({ ts: 502, dur: 6 });
    expect(share).toBeCloseTo(60 / 210, 10);
  });

  it('leaves other threads, other processes and tasks without a thread clock as they were', () => {
    const events = [
      ...names,
      task(0, 100, 10, 11),
      task(0, 100, 10, 20, 2),
      { ph: 'X', name: 'RunTask', pid: 1, tid: 10, ts: 300, dur: 100 },
      child('Layout', 310, 50),
    ];
    expect(toRunningTime(events)).toBe(1);
    expect(events.slice(3).map(({ ts, dur }) => [ts, dur])).toEqual([
      [0, 100],
      [0, 100],
      [300, 100],
      [310, 50],
    ]);
  });
});
