// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createSseParser, type StreamEvent } from './sse.ts';

describe('createSseParser', () => {
  it('splits events across chunks, skips comments and joins data lines', () => {
    const events: StreamEvent[] = [];
    const feed = createSseParser((event) => events.push(event));
    feed('retry: 2000\n\n: ping\n\nevent: ord');
    feed('er\nid: 4\ndata: {"a":1}\r\n\r\ndata: x\ndata: y\n\n');
    expect(events).toEqual([
      { event: 'order', data: '{"a":1}' },
      { event: 'message', data: 'x\ny' },
    ]);
  });
});
