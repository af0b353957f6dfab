import { AppError } from '@storefront/contracts/errors';
import {
  type AdminEInvoicing,
  type AdminEInvoicingBody,
  HIDDEN_SECRET,
} from '@storefront/contracts/receipts';
import { isValidRuc } from '@storefront/contracts/ruc';
import { decryptSecret, encryptSecret } from '@storefront/db/secrets';
import { type Config as ServerConfig, secretsKey } from '../../../config.ts';
import { type CertificateProblem, CertificateRefused, readCertificate } from '../../receipts/certificate.ts';
import * as repo from '../../receipts/receipts.repository.ts';
import type { AdminContext } from '../access/admin-guard.ts';
import { recordChange } from '../audit/audit.service.ts';
import { checkVersion } from '../catalogue/versions.ts';

type Config = Pick<ServerConfig, 'SECRETS_KEY'>;

const EXPIRY_WARNING_MS = 30 * 24 * 3_600_000;
const REQUIRED = 'Este campo es requerido.';

/** Why a certificate is refused, on the field the owner must correct. */
const CERTIFICATE_ERRORS: Record<CertificateProblem, [field: string, message: string]> = {
  WRONG_PASSWORD: ['certificate_password', 'La contraseña no abre este certificado.'],
  NOT_PKCS12: ['certificate', 'El archivo no es un certificado PKCS#12 (.pfx o .p12).'],
  NO_PRIVATE_KEY: ['certificate', 'El archivo no contiene la clave privada del certificado.'],
  NOT_YET_VALID: ['certificate', 'El certificado todavía no es válido.'],
  EXPIRED: ['certificate', 'El certificado está vencido.'],
  RUC_MISMATCH: ['certificate', 'El certificado no corresponde al RUC indicado.'],
};

/** A stored secret in clear; one sealed under another SECRETS_KEY reads as unset (to be typed again). */
function reveal(config: Config, sealed: string | null | undefined): string | null {
  if (!sealed) return null;
  try {
    return decryptSecret(secretsKey(config), sealed);
  } catch {
    return null;
  }
}

type SeriesRow = Awaited<ReturnType<typeof repo.placesWithSeries>>[number];

/** The settings as owners see them: secrets answered as HIDDEN_SECRET or null, never any part of them. */
function toDto(
  config: Config,
  row: Partial<repo.EInvoicingRow> | null,
  places: SeriesRow[],
  now: Date,
): AdminEInvoicing {
  const notAfter = row?.certificateNotAfter ?? null;
  const certificate =
    row?.certificateSubject && notAfter && reveal(config, row.certificateEncrypted)
      ? {
          subject: row.certificateSubject,
          not_after: notAfter.toISOString(),
          expires_soon: notAfter.getTime() - now.getTime() < EXPIRY_WARNING_MS,
        }
      : null;
  const hidden = (sealed: string | null | undefined) => (reveal(config, sealed) ? HIDDEN_SECRET : null);
  return {
    enabled: row?.enabled ?? false,
    environment: row?.environment ?? 'BETA',
    ruc: row?.ruc ?? null,
    legal_name: row?.legalName ?? null,
    trade_name: row?.tradeName ?? null,
    address: row?.address ?? null,
    igv_percent: Number(row?.igvPercent ?? 18).toFixed(2),
    sol_user: row?.solUser ?? null,
    sol_password: hidden(row?.solPasswordEncrypted),
    certificate,
    certificate_password: certificate ? hidden(row?.certificatePasswordEncrypted) : null,
    places: places.map((place) => ({
      uid: place.uid,
      name: place.name,
      establishment_code: place.establishmentCode,
      boleta_series: place.boletaSeries,
      factura_series: place.facturaSeries,
      boleta_note_series: place.boletaNoteSeries,
      factura_note_series: place.facturaNoteSeries,
    })),
    warnings: certificate?.expires_soon
      ? [`El certificado vence el ${certificate.not_after.slice(0, 10)}: renuévelo antes de esa fecha.`]
      : [],
    version: row?.version ?? 0,
  };
}

export async function getEInvoicing(ctx: AdminContext, config: Config): Promise<AdminEInvoicing> {
  const [row, places] = await Promise.all([
    repo.findEInvoicing(ctx.db, ctx.company.uid),
    repo.placesWithSeries(ctx.db, ctx.company.uid),
  ]);
  return toDto(config, row, places, new Date());
}

/** The series of every place once `body.places` is applied, to find a series given to two places. */
function duplicateSeries(places: SeriesRow[], given: NonNullable<AdminEInvoicingBody['places']>) {
  const byUid = new Map(given.map((place) => [place.uid, place]));
  const taken = new Set<string>();
  for (const place of places) {
    const next = byUid.get(place.uid);
    const series = next
      ? [next.boleta_series, next.factura_series, next.boleta_note_series, next.factura_note_series]
      : [place.boletaSeries, place.facturaSeries, place.boletaNoteSeries, place.facturaNoteSeries];
    for (const one of series) {
      if (!one) continue;
      if (taken.has(one)) return one;
      taken.add(one);
    }
  }
  return null;
}

/**
 * PUT …/e-invoicing/: checks the RUC with its check digit and the certificate (new, or the stored one
 * against a new RUC) with the core's reader; any refusal answers every field's reason and changes
 * nothing. Secrets are sealed before they are written; the audit line holds the masked answer only.
 */
export function putEInvoicing(
  ctx: AdminContext,
  config: Config,
  body: AdminEInvoicingBody,
  ifMatch: number | undefined,
): Promise<AdminEInvoicing> {
  return ctx.db.transaction(async (tx) => {
    const now = new Date();
    const [row, places] = await Promise.all([
      repo.findEInvoicing(tx, ctx.company.uid),
      repo.placesWithSeries(tx, ctx.company.uid),
    ]);
    const before = toDto(config, row, places, now);
    checkVersion(ifMatch, before);
    const errors: Record<string, string[]> = {};
    const refuse = (field: string, message: string) => {
      errors[field] = [...(errors[field] ?? []), message];
    };
    if (body.ruc && !isValidRuc(body.ruc)) refuse('ruc', 'El RUC no es válido.');
    const igv = Number(body.igv_percent);
    if (!(igv > 0 && igv < 100)) refuse('igv_percent', 'El IGV debe ser mayor que 0 y menor que 100.');

    const key = secretsKey(config);
    // The certificate to check: the new file, else the stored one (a new RUC must match it too).
    const stored = reveal(config, row?.certificateEncrypted);
    const storedPassword = reveal(config, row?.certificatePasswordEncrypted);
    const certificateBase64 = body.certificate ?? (storedPassword ? stored : null);
    const certificatePassword = body.certificate ? body.certificate_password : storedPassword;
    let certificate: ReturnType<typeof readCertificate> | null = null;
    if (body.certificate && !body.certificate_password) refuse('certificate_password', REQUIRED);
    else if (certificateBase64 && certificatePassword) {
      if (!body.ruc) refuse('ruc', REQUIRED);
      else if (!errors.ruc) {
        try {
          certificate = readCertificate(
            Buffer.from(certificateBase64, 'base64'),
            certificatePassword,
            body.ruc,
            now,
          );
        } catch (error) {
          if (!(error instanceof CertificateRefused)) throw error;
          refuse(...CERTIFICATE_ERRORS[error.code]);
        }
      }
    }

    const solPasswordEncrypted = body.sol_password
      ? encryptSecret(key, body.sol_password)
      : (row?.solPasswordEncrypted ?? null);
    if (body.enabled) {
      const needed = {
        ruc: body.ruc,
        legal_name: body.legal_name,
        address: body.address,
        sol_user: body.sol_user,
        sol_password: reveal(config, solPasswordEncrypted),
        certificate: certificateBase64,
      };
      for (const [field, value] of Object.entries(needed))
        if (!value && !errors[field]) refuse(field, REQUIRED);
    }
    const known = new Set(places.map((place) => place.uid));
    const givenPlaces = body.places ?? [];
    if (givenPlaces.some((place) => !known.has(place.uid))) refuse('places', 'Uno de los locales no existe.');
    else if (new Set(givenPlaces.map((place) => place.uid)).size < givenPlaces.length)
      refuse('places', 'Un local aparece dos veces.');
    else {
      const repeated = duplicateSeries(places, givenPlaces);
      if (repeated) refuse('places', `La serie ${repeated} está asignada a dos locales.`);
      // Every sale needs its receipt: a place without series could not issue one.
      const given = new Set(givenPlaces.map((place) => place.uid));
      const bare = places.find((place) => !place.boletaSeries && !given.has(place.uid));
      if (body.enabled && bare)
        refuse('places', `El local ${bare.name} necesita su código de establecimiento y sus series.`);
    }
    if (Object.keys(errors).length > 0) throw new AppError('VALIDATION', errors);

    const values: repo.EInvoicingValues = {
      enabled: body.enabled,
      environment: body.environment,
      ruc: body.ruc,
      legalName: body.legal_name,
      tradeName: body.trade_name ?? null,
      address: body.address,
      igvPercent: igv.toFixed(2),
      solUser: body.sol_user,
      solPasswordEncrypted,
      ...(body.certificate && certificate
        ? {
            certificateEncrypted: encryptSecret(key, body.certificate),
            certificatePasswordEncrypted: encryptSecret(key, body.certificate_password ?? ''),
            certificateSubject: certificate.subject,
            certificateNotAfter: certificate.notAfter,
          }
        : {}),
      version: before.version + 1,
      updatedAt: now,
    };
    await repo.saveEInvoicing(tx, ctx.company.uid, values);
    await repo.replacePlaceSeries(
      tx,
      ctx.company.uid,
      givenPlaces.map((place) => ({
        placeUid: place.uid,
        companyUid: ctx.company.uid,
        establishmentCode: place.establishment_code,
        boletaSeries: place.boleta_series,
        facturaSeries: place.factura_series,
        boletaNoteSeries: place.boleta_note_series,
        facturaNoteSeries: place.factura_note_series,
      })),
    );
    const after = toDto(config, { ...row, ...values }, await repo.placesWithSeries(tx, ctx.company.uid), now);
    const { version: _b, warnings: _bw, ...auditBefore } = before;
    const { version: _a, warnings: _aw, ...auditAfter } = after;
    await recordChange(
      tx,
      ctx,
      { type: 'e_invoicing', uid: ctx.company.uid },
      'update',
      auditBefore,
      auditAfter,
    );
    return after;
  });
}
