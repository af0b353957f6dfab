import { writeFileSync } from 'node:fs';
import { startFakePushService } from '../../api/src/modules/push/fake-push-service.ts';

// The journeys' push service (playwright.config.ts starts it before the API): the local one of the
// server tests, on E2E_PUSH_PORT, its self-signed certificate written to E2E_PUSH_CERT for the API to
// trust (NODE_EXTRA_CA_CERTS). The journeys make subscriptions and read what arrived over https
// (push.spec.ts).
const port = Number(process.env.E2E_PUSH_PORT);
const certFile = process.env.E2E_PUSH_CERT;
if (!port || !certFile) throw new Error('E2E_PUSH_PORT and E2E_PUSH_CERT are required');
const service = await startFakePushService({ port });
writeFileSync(certFile, service.cert);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void service.close().then(() => process.exit(0)));
