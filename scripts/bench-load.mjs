// The load generator of `npm run bench`, run as its own process so that it does not share an event loop
// with the server it measures. Reads one JSON job from argv[2], prints autocannon's result as JSON.
// Job: {url, method?, headers?, body?, tokens?: string[], newAddress?: string, connections, duration}.
// With tokens, each request takes the next member token; with a body, each request gets a fresh
// Idempotency-Key; with newAddress, each request's URL gets that parameter with a new value (no cache
// keyed on the address can answer it).
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

const job = JSON.parse(process.argv[2]);
let n = 0;
let visits = 0;
const latencies = [];
let instance;
const done = new Promise((resolve, reject) => {
  instance = autocannon(
    {
      url: job.url,
      connections: job.connections,
      duration: job.duration,
      requests: [
        {
          method: job.method ?? 'GET',
          headers: job.headers ?? {},
          body: job.body,
          setupRequest: (request) => {
            const headers = { ...request.headers };
            if (job.tokens) headers.authorization = `Token ${job.tokens[n++ % job.tokens.length]}`;
            if (job.body) headers['idempotency-key'] = randomUUID();
            const path = job.newAddress
              ? `${request.path}${request.path.includes('?') ? '&' : '?'}${job.newAddress}=${visits++}`
              : request.path;
            return { ...request, headers, path };
          },
        },
      ],
    },
    (error, result) => (error ? reject(error) : resolve(result)),
  );
});
// Every response's time, so that p95 is exact (autocannon's summary has p97.5, not p95).
instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
const result = await done;
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? null;
process.stdout.write(
  JSON.stringify({
    requests: result.requests.average,
    total: result.requests.total,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  }),
);
