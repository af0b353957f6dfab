import type { AdminPaymentProviderBody } from '@storefront/contracts/payments';
import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import { api, apiError, isApiError } from './api.ts';
import { session } from './session.ts';

/**
 * The installation operator's resources (`/api/admin/operator/...`), not a company's: apps, an app's
 * companies (filter or field `app_uid`) and a company's owners (field `company_uid`).
 */
export const OPERATOR_RESOURCES = new Set([
  'installation-apps',
  'installation-companies',
  'installation-owners',
]);

function operatorPath(resource: string, scope: Record<string, unknown> = {}): string {
  const base = '/api/admin/operator/';
  const part = (value: unknown) => encodeURIComponent(String(value ?? ''));
  if (resource === 'installation-apps') return `${base}apps/`;
  if (resource === 'installation-companies') return `${base}apps/${part(scope.app_uid)}/companies/`;
  return `${base}companies/${part(scope.company_uid)}/owners/`;
}

/** Singleton resources: one object per company (`GET|PATCH .../settings/`), whose id is the resource's name. */
const SINGLETONS = new Set(['settings', 'site-content', 'payment-provider']);

/** The path of a resource's list or object: the company's, a singleton's, or the operator's. */
function pathOf(resource: string, uid?: Identifier, scope?: Record<string, unknown>): string {
  if (OPERATOR_RESOURCES.has(resource)) return operatorPath(resource, scope);
  if (SINGLETONS.has(resource)) return companyPath(resource);
  return companyPath(resource, uid);
}

/** A list answer of this API (architecture §3). */
interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

type ApiRecord = Record<string, unknown> & { uid?: string; version?: number };

/** Keys the server owns: never sent back in a write. */
const SERVER_KEYS = new Set(['id', 'uid', 'version', 'created_at', 'updated_at', 'is_main', 'company_uid']);

/** The translation key of the 409 message (locales): someone else saved first. */
export const CONFLICT_MESSAGE = 'admin.conflict';

/** The company's resource path; every call of the site is scoped by the company picked. */
export function companyPath(resource: string, uid?: Identifier, action?: string): string {
  const company = session.companyUid();
  if (!company) throw apiError('admin.company.none', 409, { errors: {}, raw: null });
  const base = `/api/admin/companies/${encodeURIComponent(company)}/${resource}/`;
  return (
    base + (uid === undefined ? '' : `${encodeURIComponent(String(uid))}/`) + (action ? `${action}/` : '')
  );
}

/** Fields a resource reads as an object and writes as a uid: the form edits the uid. */
const READ_AS_UID: Record<string, string[]> = { products: ['category'] };

/** react-admin wants an `id`: this API names its objects by `uid`. */
function toRecord(resource: string, record: ApiRecord): RaRecord {
  if (SINGLETONS.has(resource)) return flattenSingleton(resource, record);
  const uids = (READ_AS_UID[resource] ?? []).map((field) => {
    const value = record[field] as { uid?: string } | null | undefined;
    return [`${field}_uid`, value?.uid ?? null];
  });
  return { ...record, ...Object.fromEntries(uids), id: (record.uid ?? record.id) as Identifier };
}

/**
 * The settings as one form: the app's part (null unless the company is its app's main one) is read
 * flat, as the PATCH takes it; `is_main` says whether the form shows it.
 */
function flattenSingleton(resource: string, record: ApiRecord): RaRecord {
  if (resource === 'payment-provider') {
    const transfer = record.transfer as { qr_url?: string | null } | null;
    return { ...record, accepts_transfer: Boolean(transfer), qr_url: transfer?.qr_url ?? null, id: resource };
  }
  const { app, ...rest } = record as ApiRecord & { app?: Record<string, unknown> | null };
  const { uid: _appUid, ...appFields } = app ?? {};
  return { ...rest, ...appFields, is_main: Boolean(app), id: resource };
}

/** The fields a form changed (a whole nested array counts as one field), without the server's own keys. */
export function changedFields(data: Record<string, unknown>, previous: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(data).filter(
      ([key, value]) => !SERVER_KEYS.has(key) && JSON.stringify(value) !== JSON.stringify(previous[key]),
    ),
  );
}

/** The body of a create: the form's fields, without keys the server owns. */
const withoutServerKeys = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).filter(([key]) => !SERVER_KEYS.has(key)));

/** `If-Match` for the version the form was loaded with, so that a stale save answers 409. */
const ifMatch = (previous: Record<string, unknown> | undefined): Record<string, string> =>
  typeof previous?.version === 'number' ? { 'If-Match': `"${previous.version}"` } : {};

/** A 409 keeps the form as the user left it and says why (never a silent overwrite or a lost edit). */
async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isApiError(error) && error.status === 409)
      throw apiError(CONFLICT_MESSAGE, 409, { errors: {}, raw: error.body.raw });
    throw error;
  }
}

/** The form's field of a new picture (react-admin's ImageInput keeps `{rawFile, src, title}`). */
export const IMAGE_UPLOAD_FIELD = 'image_upload';

/** Each picture field of a form and the uid field its upload fills (the settings have two pictures). */
const UPLOAD_FIELDS: Record<string, string> = {
  [IMAGE_UPLOAD_FIELD]: 'image_uid',
  logo_upload: 'logo_uid',
  banner_upload: 'banner_uid',
  qr_upload: 'qr_image_uid',
};

/**
 * A picture picked in the form is uploaded first (`POST images/`, multipart field `file`), and the write
 * then names it by its uid field (`image_uid`, `logo_uid`…). An input left empty changes nothing (it
 * cannot tell "never touched" from "cleared", and a save must not drop the current picture).
 */
async function withUploadedImage(data: Record<string, unknown>): Promise<Record<string, unknown>> {
  let result = data;
  for (const [field, uidField] of Object.entries(UPLOAD_FIELDS)) {
    if (!(field in result)) continue;
    const { [field]: picked, ...rest } = result;
    result = rest;
    const file = (picked as { rawFile?: unknown } | null)?.rawFile;
    if (!(file instanceof File)) continue;
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const { json } = await api<{ uid: string }>(companyPath('images'), { method: 'POST', body: form });
      result = { ...result, [uidField]: json.uid };
    } catch (error) {
      // The API names the upload's field `file`, which the form does not have: its refusal ("not a JPEG,
      // PNG or WebP image") goes beside the picture input and into the notification (react-admin's
      // `root.serverError`), instead of a bare "the form is not valid".
      if (!isApiError(error) || error.status >= 500) throw error;
      throw apiError(error.message, error.status, {
        errors: { [field]: error.message, root: { serverError: error.message } },
        raw: error.body.raw,
      });
    }
  }
  return result;
}

/**
 * The payment provider's PUT (architecture §10): the whole object, each secret only when a new one was
 * typed (left out keeps the stored one; the form shows the masked value), and the transfer details
 * when the shop takes transfers, with a new QR picture's uid when one was picked.
 */
export function paymentProviderBody(data: Record<string, unknown>): AdminPaymentProviderBody {
  const typed = (name: string) => {
    const value = data[`new_${name}`];
    return typeof value === 'string' && value.trim() ? { [name]: value.trim() } : {};
  };
  const transfer = data.transfer as { channel?: string; number?: string; holder?: string } | null;
  return {
    provider: (data.provider as AdminPaymentProviderBody['provider']) || null,
    public_key: (data.public_key as string | null) || null,
    ...typed('secret_key'),
    ...typed('webhook_secret'),
    enabled: Boolean(data.enabled),
    transfer:
      data.accepts_transfer && transfer
        ? {
            channel: transfer.channel ?? '',
            number: transfer.number ?? '',
            holder: transfer.holder ?? '',
            ...(typeof data.qr_image_uid === 'string' ? { qr_image_uid: data.qr_image_uid } : {}),
          }
        : null,
  };
}

/** The query of a list: page, page_size, ordering (`-field` descending), search (`q`) and filters. */
export function listQuery(params: {
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: string };
  filter?: Record<string, unknown>;
}): string {
  const query = new URLSearchParams();
  if (params.pagination) {
    query.set('page', String(params.pagination.page));
    query.set('page_size', String(params.pagination.perPage));
  }
  if (params.sort?.field && params.sort.field !== 'id')
    query.set('ordering', `${params.sort.order === 'DESC' ? '-' : ''}${params.sort.field}`);
  for (const [key, value] of Object.entries(params.filter ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    query.set(key === 'q' ? 'search' : key, String(value));
  }
  return query.toString();
}

/** The data provider of the admin API (docs: /work/briefs/admin-contract.md; paths under /api/admin/). */
export const dataProvider = {
  async getList(resource, params) {
    const { app_uid, ...filter } = params.filter ?? {};
    const path = pathOf(resource, undefined, { app_uid });
    const { json } = await api<Page<ApiRecord>>(`${path}?${listQuery({ ...params, filter })}`, {
      signal: params.signal,
    });
    return { data: json.results.map((record) => toRecord(resource, record)) as never[], total: json.count };
  },
  async getOne(resource, params) {
    const { json } = await api<ApiRecord>(pathOf(resource, params.id), { signal: params.signal });
    return { data: toRecord(resource, json) as never };
  },
  async getMany(resource, params) {
    const records = await Promise.all(
      params.ids.map((id) => api<ApiRecord>(companyPath(resource, id), { signal: params.signal })),
    );
    return { data: records.map(({ json }) => toRecord(resource, json)) as never[] };
  },
  async getManyReference(resource, params) {
    const filter = { ...params.filter, [params.target]: params.id };
    const { json } = await api<Page<ApiRecord>>(
      `${companyPath(resource)}?${listQuery({ ...params, filter })}`,
      {
        signal: params.signal,
      },
    );
    return { data: json.results.map((record) => toRecord(resource, record)) as never[], total: json.count };
  },
  async create(resource, params) {
    // An operator's company or owner names its app or company in the path, not the body.
    const { app_uid, company_uid, ...data } = params.data as Record<string, unknown>;
    const scoped = OPERATOR_RESOURCES.has(resource) ? data : (params.data as Record<string, unknown>);
    const { json } = await api<ApiRecord>(pathOf(resource, undefined, { app_uid, company_uid }), {
      method: 'POST',
      body: withoutServerKeys(await withUploadedImage(scoped)),
    });
    return { data: toRecord(resource, json) as never };
  },
  async update(resource, params) {
    if (resource === 'payment-provider') {
      const body = paymentProviderBody(await withUploadedImage(params.data));
      const { json } = await api<ApiRecord>(pathOf(resource), { method: 'PUT', body });
      return { data: toRecord(resource, json) as never };
    }
    const body = changedFields(await withUploadedImage(params.data), params.previousData ?? {});
    const { json } = await guarded(() =>
      api<ApiRecord>(pathOf(resource, params.id), {
        method: 'PATCH',
        body,
        headers: ifMatch(params.previousData),
      }),
    );
    return { data: toRecord(resource, json) as never };
  },
  async updateMany(resource, params) {
    await Promise.all(
      params.ids.map((id) =>
        guarded(() => api(companyPath(resource, id), { method: 'PATCH', body: params.data })),
      ),
    );
    return { data: params.ids };
  },
  async delete(resource, params) {
    await guarded(() =>
      api(companyPath(resource, params.id), { method: 'DELETE', headers: ifMatch(params.previousData) }),
    );
    return { data: (params.previousData ?? { id: params.id }) as never };
  },
  async deleteMany(resource, params) {
    await Promise.all(
      params.ids.map((id) => guarded(() => api(companyPath(resource, id), { method: 'DELETE' }))),
    );
    return { data: params.ids };
  },
  /**
   * Cancels a paid order for the place, which refunds its online payment through the company's provider
   * once (architecture §10: a refund is a cancellation's; owners and managers).
   */
  async refund(id: Identifier) {
    const { json } = await api<ApiRecord>(companyPath('orders', id), {
      method: 'PATCH',
      body: { status: 'CANCELED_BY_PLACE' },
    });
    return { data: toRecord('orders', json) };
  },
  /** A copy of a product (`POST products/{uid}/duplicate/`), answered as the new record. */
  async duplicate(resource: string, id: Identifier) {
    const { json } = await api<ApiRecord>(companyPath(resource, id, 'duplicate'), { method: 'POST' });
    return { data: toRecord(resource, json) };
  },
} satisfies DataProvider & { duplicate: unknown; refund: unknown };

export type AdminDataProvider = typeof dataProvider;
