import type { FastifyPluginAsync } from 'fastify';
import { fromThisMachine } from '../../../lib/loopback.ts';
import { FakePayments } from './fake-providers.ts';

/** The demo company's keys (packages/db/demo/demo.tenant.json): the ones the sandbox accepts. */
export const SANDBOX_KEYS = {
  culqi: { publicKey: 'pk_test_sandbox_demo', secretKey: 'sk_test_sandbox_demo' },
  mercadopago: { publicKey: 'TEST-sandbox-demo-public', accessToken: 'TEST-sandbox-demo-access' },
};
const SANDBOX_WEBHOOK_SECRET = 'whsec_sandbox_demo';

/**
 * The demo's payment sandbox (architecture §10 Demo), never registered in production: the fake
 * providers answered by this server under /api/dev/payments-sandbox/{culqi,mercadopago}/…, to this
 * machine itself only (fromThisMachine, as the mailbox), with the stand-in checkout scripts at the
 * same base (…/culqi/js/v4, …/mercadopago/js/v2).
 */
export const paymentsSandboxRoutes: FastifyPluginAsync = async (api) => {
  const fake = new FakePayments(SANDBOX_KEYS, SANDBOX_WEBHOOK_SECRET);
  api.route({
    method: ['GET', 'POST'],
    url: '/dev/payments-sandbox/:provider/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const { provider } = request.params as { provider: string };
      if (!fromThisMachine(request) || (provider !== 'culqi' && provider !== 'mercadopago'))
        return reply.status(404).send({ detail: 'Not found.' });
      const url = new URL(request.url, 'http://sandbox');
      const path = url.pathname.replace(/^.*\/payments-sandbox\/[a-z]+/, '').replace(/\/$/, '');
      const answer = await fake.handle(
        provider,
        request.method,
        path,
        url.searchParams,
        request.headers,
        (request.body ?? {}) as Record<string, unknown>,
      );
      if (answer.contentType) reply.type(answer.contentType);
      return reply.status(answer.status).send(answer.body);
    },
  });
};
