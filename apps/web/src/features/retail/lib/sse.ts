/** One Server-Sent Event. */
export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * Splits a text/event-stream into events (the WHATWG format: blocks separated by a blank line, `event:`
 * and `data:` fields, comments starting with a colon). Feed it chunks; it keeps what is incomplete.
 */
export function createSseParser(onEvent: (event: StreamEvent) => void) {
  let buffer = '';
  return (chunk: string) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) onEvent({ event, data: data.join('\n') });
      end = buffer.indexOf('\n\n');
    }
  };
}
