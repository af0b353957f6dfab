// The order board's stream as a client sees it, for the tests that end it (issue 15.4).

/** Opens the board's stream and resolves once it is ready; `ended` resolves with the ms it stayed open after `since()`. */
export async function openOrderStream(apiBase: string, token: string, place: string) {
  const response = await fetch(`${apiBase}/v5/retail/orders/stream?place=${encodeURIComponent(place)}`, {
    headers: { authorization: `Token ${token}`, host: 'localhost' },
  });
  if (response.status !== 200) throw new Error(`the stream answered ${response.status}`);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('event: ready')) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the stream ended before it was ready');
    text += decoder.decode(value, { stream: true });
  }
  let mark = performance.now();
  const ended = (async () => {
    for (;;) {
      const { done } = await reader.read();
      if (done) return performance.now() - mark;
    }
  })();
  return {
    /** Starts the clock that `ended` reads. */
    since: () => {
      mark = performance.now();
    },
    /** Resolves when the stream ends, with the ms since `since()` (the tests wait on it; the bench reports it). */
    ended,
    /** The ms between `since()` and the stream's end, or Infinity when it is still open after `limitMs`. */
    endedWithin: (limitMs: number) =>
      Promise.race([
        ended,
        new Promise<number>((resolve) => setTimeout(() => resolve(Number.POSITIVE_INFINITY), limitMs)),
      ]),
    cancel: () => reader.cancel(),
  };
}
