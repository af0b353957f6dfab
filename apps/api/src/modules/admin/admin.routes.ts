import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminImageRoutes } from '../media/media.routes.ts';
import { adminGuardPlugin } from './access/admin-guard.ts';
import { adminActivityRoutes } from './activities/activities.routes.ts';
import { adminAuditRoutes } from './audit/audit.routes.ts';
import { adminCampaignRoutes } from './campaigns/campaigns.routes.ts';
import { adminCatalogueRoutes } from './catalogue/catalogue.routes.ts';
import { adminProductsFileRoutes } from './catalogue/products-file.routes.ts';
import { adminContentRoutes } from './content/content.routes.ts';
import { adminDashboardRoutes } from './dashboard/dashboard.routes.ts';
import { adminEInvoicingRoutes } from './e-invoicing/e-invoicing.routes.ts';
import { adminMembersRoutes } from './members/members.routes.ts';
import { adminOperatorRoutes } from './operator/operator.routes.ts';
import { adminOrdersRoutes } from './orders/orders.routes.ts';
import { adminPaymentProviderRoutes } from './payments/payment-provider.routes.ts';
import { adminPlacesRoutes } from './places/places.routes.ts';
import { adminSessionRoutes } from './session/session.routes.ts';
import { adminSettingsRoutes } from './settings/settings.routes.ts';
import { adminStaffRoutes } from './staff/staff.routes.ts';

/**
 * The admin API (architecture §9) under /api/admin/: sign-in and me, then every company-scoped feature
 * behind the guard. Another feature's company routes (images...) register the same way, with
 * adminGuardPlugin in their scope.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (api) => {
  await api.register(adminSessionRoutes);
  await api.register(
    async (company) => {
      await company.register(adminGuardPlugin);
      await company.register(adminCatalogueRoutes);
      await company.register(adminProductsFileRoutes);
      await company.register(adminOrdersRoutes);
      await company.register(adminAuditRoutes);
      await company.register(adminStaffRoutes);
      await company.register(adminPlacesRoutes);
      await company.register(adminImageRoutes);
      await company.register(adminMembersRoutes);
      await company.register(adminCampaignRoutes);
      await company.register(adminSettingsRoutes);
      await company.register(adminPaymentProviderRoutes);
      await company.register(adminEInvoicingRoutes);
      await company.register(adminDashboardRoutes);
      await company.register(adminActivityRoutes);
      await company.register(adminContentRoutes);
    },
    { prefix: '/admin/companies/:companyUid' },
  );
  await api.register(adminOperatorRoutes, { prefix: '/admin/operator' });
};
