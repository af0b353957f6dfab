import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StreamEvent } from '../lib/sse.ts';
import type { Order } from './retail-api.ts';
import { applyOrderEvent, followOrderStream, type StreamState } from './use-order-stream.ts';

// The board's client (issue 15.4): the server ends a stream at its lifetime or when the session or
// staff role ends; the board reopens a stream that ended, retries a failure, and stops on 401/403.

const RETRY_MS = 50;

/** A stream that sends `ready` and ends after `openMs`. */
function streamResponse(openMs: number): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('retry: 2000\n\nevent: ready\ndata: {}\n\n'));
      setTimeout(() => controller.close(), openMs);
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

const refusal = (status: number) => new Response(JSON.stringify({ detail: 'no' }), { status });

async function follow(answers: (() => Response)[]) {
  const fetchMock = vi.fn(async () => {
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next();
  });
  vi.stubGlobal('fetch', fetchMock);
  const states: StreamState[] = [];
  const events: StreamEvent[] = [];
  const controller = new AbortController();
  const done = followOrderStream({
    place: 'p1',
    signal: controller.signal,
    onEvent: (event) => events.push(event),
    onState: (state) => states.push(state),
    retryMs: RETRY_MS,
  });
  const finished = await Promise.race([
    done.then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), 3000)),
  ]);
  controller.abort();
  return { finished, states, events, calls: fetchMock.mock.calls.length };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('followOrderStream', () => {
  it('reopens a stream the server ended at its lifetime at once, and stops for good on 401', async () => {
    const run = await follow([() => streamResponse(RETRY_MS * 3), () => refusal(401)]);
    expect(run.finished).toBe(true);
    expect(run.calls).toBe(2);
    expect(run.events.map((e) => e.event)).toEqual(['ready']);
    // No "offline" between the two: the end of a lifetime is not a failure.
    expect(run.states).toEqual(['connecting', 'connecting', 'ended']);
  });

  it('stops on 403 (the staff role is gone) without retrying', async () => {
    const run = await follow([() => refusal(403)]);
    expect(run.finished).toBe(true);
    expect(run.calls).toBe(1);
    expect(run.states).toEqual(['connecting', 'ended']);
  });

  it('retries a failure after a pause, showing it offline meanwhile', async () => {
    const run = await follow([() => refusal(502), () => streamResponse(RETRY_MS * 3), () => refusal(401)]);
    expect(run.finished).toBe(true);
    expect(run.calls).toBe(3);
    expect(run.states).toEqual(['connecting', 'offline', 'connecting', 'connecting', 'ended']);
  });
});

describe('applyOrderEvent', () => {
  const key = ['retail', 'orders', 'p1'];
  const order = (uid: string, number: number) => ({ uid, number, status: 'RECEIVED' }) as unknown as Order;

  it('keeps an order that arrives while an older read of the list is in flight', async () => {
    const queryClient = new QueryClient();
    const reads: ((orders: Order[]) => void)[] = [];
    // What the server holds: the first read was answered before order 9 was paid, the next one after.
    const observer = new QueryObserver(queryClient, {
      queryKey: key,
      queryFn: () => new Promise<Order[]>((resolve) => reads.push(resolve)),
    });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(reads).toHaveLength(1));

    applyOrderEvent(queryClient, key, { type: 'created', order: order('o9', 9) });
    reads[0]?.([order('o8', 8)]);
    await vi.waitFor(() => expect(reads).toHaveLength(2));
    reads[1]?.([order('o9', 9), order('o8', 8)]);

    await vi.waitFor(() =>
      expect(queryClient.getQueryData<Order[]>(key)?.map((o) => o.number)).toEqual([9, 8]),
    );
    unsubscribe();
  });

  it('puts the order first and replaces its older copy when no read is in flight', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(key, [order('o8', 8), order('o7', 7)]);
    applyOrderEvent(queryClient, key, {
      type: 'status',
      order: { ...order('o7', 7), status: 'ACCEPTED' } as Order,
    });
    expect(queryClient.getQueryData<Order[]>(key)?.map((o) => [o.number, o.status])).toEqual([
      [7, 'ACCEPTED'],
      [8, 'RECEIVED'],
    ]);
    expect(queryClient.isFetching()).toBe(0);
  });
});
