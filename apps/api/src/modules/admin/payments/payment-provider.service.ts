import { AppError } from '@storefront/contracts/errors';
import type { AdminPaymentProvider, AdminPaymentProviderBody } from '@storefront/contracts/payments';
import { companyPaymentSettings } from '@storefront/db/schema/payments';
import { decryptSecret, encryptSecret, maskSecret } from '@storefront/db/secrets';
import type { AppConfig } from '../../../app.ts';
import { secretsKey } from '../../../config.ts';
import { findSettings, type PaymentSettingsRow } from '../../payments/payments.repository.ts';
import { eventsUrl, transferOf } from '../../payments/payments.service.ts';
import type { AdminContext } from '../access/admin-guard.ts';
import { recordChange } from '../audit/audit.service.ts';
import { checkVersion } from '../catalogue/versions.ts';

type Config = Pick<AppConfig, 'SECRETS_KEY' | 'PUBLIC_URL'>;

/**
 * A stored secret in clear, to mask it. One sealed under another SECRETS_KEY (the key was changed)
 * reads as unset, so that the owner sees it missing and types it again rather than meeting a 500.
 */
function reveal(config: Config, sealed: string | null) {
  if (!sealed) return null;
  try {
    return decryptSecret(secretsKey(config), sealed);
  } catch {
    return null;
  }
}

/** The company's provider as owners see it: secrets masked (`••••` and the last 4). */
/** `origin`: the company's site, where the provider posts its events. */
function toDto(
  config: Config,
  origin: string,
  companyUid: string,
  row: PaymentSettingsRow | null,
): AdminPaymentProvider {
  const provider = row?.provider ?? null;
  return {
    provider,
    public_key: row?.publicKey ?? null,
    secret_key: maskSecret(reveal(config, row?.secretKeyEncrypted ?? null)),
    webhook_secret: maskSecret(reveal(config, row?.webhookSecretEncrypted ?? null)),
    enabled: row?.enabled ?? false,
    events_url: provider ? eventsUrl(origin, provider, companyUid) : null,
    transfer: transferOf(row),
    version: row?.version ?? 0,
  };
}

export async function getPaymentProvider(
  ctx: AdminContext,
  config: Config,
  origin: string,
): Promise<AdminPaymentProvider> {
  return toDto(config, origin, ctx.company.uid, await findSettings(ctx.db, ctx.company.uid));
}

/**
 * PUT …/payment-provider/: a secret left out keeps the stored one; secrets are sealed before they are
 * written and the audit line holds them masked only. If-Match as other admin writes.
 */
export function putPaymentProvider(
  ctx: AdminContext,
  config: Config,
  origin: string,
  body: AdminPaymentProviderBody,
  ifMatch: number | undefined,
): Promise<AdminPaymentProvider> {
  return ctx.db.transaction(async (tx) => {
    const row = await findSettings(tx, ctx.company.uid);
    const before = toDto(config, origin, ctx.company.uid, row);
    checkVersion(ifMatch, before);
    const key = secretsKey(config);
    const seal = (value: string | null | undefined, stored: string | null | undefined) =>
      value === undefined || value === null
        ? body.provider
          ? (stored ?? null)
          : null
        : encryptSecret(key, value);
    const secretKeyEncrypted = seal(body.secret_key, row?.secretKeyEncrypted);
    if (body.provider && body.enabled && (!secretKeyEncrypted || !(body.public_key ?? row?.publicKey)))
      throw new AppError('VALIDATION', {
        [secretKeyEncrypted ? 'public_key' : 'secret_key']: ['Este campo es requerido'],
      });
    const values = {
      provider: body.provider,
      publicKey: body.provider ? (body.public_key ?? row?.publicKey ?? null) : null,
      secretKeyEncrypted,
      webhookSecretEncrypted: seal(body.webhook_secret, row?.webhookSecretEncrypted),
      enabled: body.provider ? body.enabled : false,
      transferChannel: body.transfer?.channel ?? null,
      transferNumber: body.transfer?.number ?? null,
      transferHolder: body.transfer?.holder ?? null,
      transferQrImageUid: body.transfer?.qr_image_uid ?? null,
      version: before.version + 1,
      updatedAt: new Date(),
    };
    await tx
      .insert(companyPaymentSettings)
      .values({ companyUid: ctx.company.uid, ...values })
      .onConflictDoUpdate({ target: companyPaymentSettings.companyUid, set: values });
    const after = toDto(config, origin, ctx.company.uid, { companyUid: ctx.company.uid, ...values });
    const { version: _b, ...auditBefore } = before;
    const { version: _a, ...auditAfter } = after;
    await recordChange(
      tx,
      ctx,
      { type: 'payment_provider', uid: ctx.company.uid },
      'update',
      auditBefore,
      auditAfter,
    );
    return after;
  });
}
