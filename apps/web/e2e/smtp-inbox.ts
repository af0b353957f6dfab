import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

// The journeys' mail server (playwright.config.ts starts it before the API): a real SMTP server on
// loopback that the API's mail worker delivers to, keeping each message as it arrived, one .eml file
// per message, for the journeys to read the links from (mailedLink in accounts.spec.ts).
const port = Number(process.env.E2E_SMTP_PORT);
const dir = process.env.E2E_MAIL_DIR;
if (!port || !dir) throw new Error('E2E_SMTP_PORT and E2E_MAIL_DIR are required');
mkdirSync(dir, { recursive: true });

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received += 1;
      writeFileSync(join(dir, `${Date.now()}-${received}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
server.listen(port, '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => server.close(() => process.exit(0)));
