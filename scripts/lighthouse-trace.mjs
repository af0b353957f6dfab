// The Lighthouse gate's correction of a recorded trace (scripts/lighthouse-budget.mjs, decision 029).

/**
 * Each task of the page's main thread as long as the thread ran in it (decision 029, second addendum).
 * Simulated throttling multiplies each task's wall time; on a 2-core machine the browser's own threads,
 * Lighthouse and the server take the CPU from the page's thread in the middle of its tasks (it ran 0.35
 * to 0.5 of their time here), and 4x of that wait was charged to the page. The trace has both clocks for
 * every task (`dur`, and `tdur`, the thread's CPU clock): every event inside a task is moved and shortened
 * by the task's running share, so the simulation multiplies the work the page did, as on a phone whose
 * main thread has a core of its own. Returns the running share over all the thread's tasks, for the table.
 */
export function toRunningTime(traceEvents) {
  const rendererMains = new Set(
    traceEvents
      .filter((event) => event.name === 'thread_name' && event.args.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const byThread = new Map();
  for (const event of traceEvents) {
    const thread = `${event.pid}:${event.tid}`;
    // Metadata without a time (thread names) is no part of any task.
    if (!rendererMains.has(thread) || typeof event.ts !== 'number') continue;
    if (!byThread.has(thread)) byThread.set(thread, []);
    byThread.get(thread).push(event);
  }
  let wall = 0;
  let running = 0;
  for (const events of byThread.values()) {
    events.sort((a, b) => a.ts - b.ts);
    let end = Number.NEGATIVE_INFINITY;
    let next = 0;
    for (const task of events) {
      // Top-level tasks only: a task run inside another (a nested message loop) moves with its parent.
      if (task.ph !== 'X' || task.name !== 'RunTask' || task.tdur === undefined || task.ts < end) continue;
      end = task.ts + task.dur;
      wall += task.dur;
      running += Math.min(task.dur, task.tdur);
      const share = task.dur > 0 ? Math.min(1, task.tdur / task.dur) : 1;
      while (events[next].ts < task.ts) next++;
      for (let i = next; i < events.length && events[i].ts <= end; i++) {
        const event = events[i];
        // What begins where the task ends belongs to the next task; a mark or an end there is this one's.
        if (event.ts === end && (event.ph === 'B' || event.dur > 0)) continue;
        event.ts = task.ts + (event.ts - task.ts) * share;
        if (event.dur !== undefined) event.dur *= share;
      }
    }
  }
  return wall > 0 ? running / wall : 1;
}
