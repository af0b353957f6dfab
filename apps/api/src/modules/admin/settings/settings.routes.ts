import { adminCompanyParamsSchema, conflictSchema } from '@storefront/contracts/admin';
import { adminSettingsPatchSchema, adminSettingsSchema } from '@storefront/contracts/admin-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../plugins/error-handler.ts';
import { forgetAppsOnWrite } from '../../apps/app-events.ts';
import { adminContextOf } from '../access/admin-guard.ts';
import { ifMatchHeaders, ifMatchOf, withEtag } from '../catalogue/catalogue.routes.ts';
import { getSettings, updateSettings } from './settings.service.ts';

const tags = ['admin'];
const config = { adminRole: 'owner' as const };

/** The company's settings (owners only): one object per company, with a version. */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (api) => {
  forgetAppsOnWrite(api);

  api.get('/settings/', {
    config,
    schema: {
      operationId: 'adminGetSettings',
      tags,
      summary:
        "The company's settings (branding, contact, hidden modules) and, for its app's main company, the app's",
      params: adminCompanyParamsSchema,
      response: { 200: adminSettingsSchema, ...errorResponses },
    },
    handler: async (request, reply) => withEtag(reply, await getSettings(adminContextOf(request))),
  });

  api.patch('/settings/', {
    config,
    schema: {
      operationId: 'adminUpdateSettings',
      tags,
      summary:
        "Changes settings; the app's (colours, sign-in, signup, languages) only from its main company (else 403); If-Match as elsewhere",
      params: adminCompanyParamsSchema,
      headers: ifMatchHeaders,
      body: adminSettingsPatchSchema,
      response: { 200: adminSettingsSchema, 409: conflictSchema(adminSettingsSchema), ...errorResponses },
    },
    handler: async (request, reply) =>
      withEtag(reply, await updateSettings(adminContextOf(request), request.body, ifMatchOf(request))),
  });
};
