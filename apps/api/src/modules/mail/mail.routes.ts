import { AppError } from '@storefront/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromThisMachine } from '../../lib/loopback.ts';
import { contextOf } from '../../lib/request-context.ts';
import { errorResponses } from '../../plugins/error-handler.ts';
import { listRecentMail } from './mail.repository.ts';

const MAILBOX_SIZE = 50;

/**
 * The development mailbox: the newest mail of the current app, so that a reset or verification link
 * can be followed without an SMTP server. Registered only outside production, and answered only to
 * this machine itself (fromThisMachine): the mail holds live reset links.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/dev/mailbox/', {
    schema: {
      operationId: 'listDevMailbox',
      tags: ['development'],
      summary: 'The newest mail of this app (development only)',
      response: {
        200: z.array(
          z.object({
            uid: z.string(),
            to: z.string(),
            subject: z.string(),
            text: z.string(),
            status: z.string(),
            created_at: z.string(),
          }),
        ),
        ...errorResponses,
      },
    },
    onRequest: async (request) => {
      if (!fromThisMachine(request)) throw new AppError('NOT_FOUND');
    },
    handler: async (request) => {
      const ctx = contextOf(request);
      const rows = await listRecentMail(ctx.db, ctx.app.uid, MAILBOX_SIZE);
      return rows.map((mail) => ({
        uid: mail.uid,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        status: mail.status,
        created_at: mail.createdAt.toISOString(),
      }));
    },
  });
};
