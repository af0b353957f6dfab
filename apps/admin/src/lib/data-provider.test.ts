import type { RaRecord } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiError, isApiError } from './api.ts';
import { CONFLICT_MESSAGE, changedFields, dataProvider, listQuery } from './data-provider.ts';
import { session } from './session.ts';

describe('the list query of the admin API', () => {
  it("sends react-admin's page, sort, search and filters as page, page_size, ordering, search and filters", () => {
    const query = listQuery({
      pagination: { page: 3, perPage: 25 },
      sort: { field: 'price', order: 'DESC' },
      filter: { q: 'lomo', category: 'pc-fondos', is_active: true, brand: '', sku: undefined },
    });
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      page: '3',
      page_size: '25',
      ordering: '-price',
      search: 'lomo',
      category: 'pc-fondos',
      is_active: 'true',
    });
    expect(listQuery({ sort: { field: 'title', order: 'ASC' } })).toBe('ordering=title');
    // react-admin's default sort (id) is no field of this API: no ordering at all.
    expect(listQuery({ sort: { field: 'id', order: 'ASC' } })).toBe('');
  });
});

describe('a write', () => {
  it('sends only the fields the form changed, nested arrays whole, never the keys the server owns', () => {
    const previous = {
      id: 'p-1',
      uid: 'p-1',
      version: 4,
      title: 'Lomo',
      price: '35.00',
      option_groups: [
        { uid: 'g', name: 'Término', min: 1, max: 1, options: [{ uid: 'o', name: 'A punto', price: '0' }] },
      ],
    };
    const data = {
      ...previous,
      id: 'changed',
      version: 9,
      price: '36.00',
      option_groups: [{ ...previous.option_groups[0], max: 2 }],
    };
    expect(changedFields(data, previous)).toEqual({ price: '36.00', option_groups: data.option_groups });
  });
});

describe('the calls', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    session.setToken('token-1');
    session.setCompanyUid('demo-main');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    localStorage.clear();
  });
  const answer = (status: number, body: unknown) =>
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }));

  it('sends the token, the If-Match of the version the form was loaded with, and maps uid to id', async () => {
    answer(200, { uid: 'p-1', title: 'Lomo', price: '36.00', version: 5 });
    const { data } = await dataProvider.update('products', {
      id: 'p-1',
      data: { id: 'p-1', uid: 'p-1', title: 'Lomo', price: '36.00', version: 4 },
      previousData: { id: 'p-1', uid: 'p-1', title: 'Lomo', price: '35.00', version: 4 },
    });
    expect(data).toMatchObject({ id: 'p-1', version: 5 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/admin/companies/demo-main/products/p-1/');
    expect(init?.method).toBe('PATCH');
    expect(init?.headers).toMatchObject({ Authorization: 'Token token-1', 'If-Match': '"4"' });
    expect(JSON.parse(String(init?.body))).toEqual({ price: '36.00' });
  });

  it('turns a 409 into the "someone else changed this" message, with the current object kept', async () => {
    answer(409, { detail: 'stale', current: { uid: 'p-1', version: 6 } });
    const error = await dataProvider
      .update('products', { id: 'p-1', data: { price: '1' }, previousData: { id: 'p-1', version: 4 } })
      .catch((caught: unknown) => caught);
    expect(isApiError(error)).toBe(true);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).message).toBe(CONFLICT_MESSAGE);
    expect((error as ApiError).body.raw?.current).toEqual({ uid: 'p-1', version: 6 });
  });

  it("shows a 400's field messages beside their inputs, nested ones by their path", async () => {
    answer(400, { title: ['Este campo es requerido.'], option_groups: { 0: { name: ['Muy largo.'] } } });
    const error = (await dataProvider
      .create('products', { data: { title: '' } })
      .catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.body.errors).toEqual({
      title: 'Este campo es requerido.',
      'option_groups.0.name': 'Muy largo.',
    });
    expect(error.message).toBe('Este campo es requerido.');
  });

  it('lists a page with its total from count', async () => {
    answer(200, { count: 51, next: null, previous: null, results: [{ uid: 'c-1', name: 'Postres' }] });
    const page = await dataProvider.getList('categories', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'position', order: 'ASC' },
      filter: {},
    });
    expect(page).toEqual({ data: [{ id: 'c-1', uid: 'c-1', name: 'Postres' }], total: 51 });
  });

  it('uploads a picked picture first (multipart field file) and names it by image_uid in the write', async () => {
    answer(201, { uid: 'img-1', urls: { '320': '/media/img-1/320.webp' } });
    answer(201, { uid: 'c-2', name: 'Postres', image_uid: 'img-1' });
    const rawFile = new File([new Uint8Array([1, 2, 3])], 'postre.png', { type: 'image/png' });
    await dataProvider.create('categories', {
      data: { name: 'Postres', image_upload: { rawFile, src: 'blob:x' } },
    });
    const [uploadUrl, upload] = fetchMock.mock.calls[0] ?? [];
    expect(uploadUrl).toBe('/api/admin/companies/demo-main/images/');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect(((upload?.body as FormData | undefined)?.get('file') as File | undefined)?.name).toBe(
      'postre.png',
    );
    expect(upload?.headers).not.toHaveProperty('Content-Type');
    const [, created] = fetchMock.mock.calls[1] ?? [];
    expect(JSON.parse(String(created?.body))).toEqual({ name: 'Postres', image_uid: 'img-1' });
  });

  it("puts an upload's refusal beside the picture input and in the notification, and writes nothing", async () => {
    answer(400, { file: ['El archivo no es una imagen JPEG, PNG o WebP.'] });
    const rawFile = new File(['texto'], 'foto.png', { type: 'image/png' });
    const error = (await dataProvider
      .create('categories', { data: { name: 'Postres', image_upload: { rawFile, src: 'blob:x' } } })
      .catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.message).toBe('El archivo no es una imagen JPEG, PNG o WebP.');
    expect(error.body.errors).toEqual({
      image_upload: 'El archivo no es una imagen JPEG, PNG o WebP.',
      root: { serverError: 'El archivo no es una imagen JPEG, PNG o WebP.' },
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps the current picture when the picture input is left empty', async () => {
    answer(200, { uid: 'c-2', version: 3, name: 'Tortas', image_uid: 'img-1' });
    await dataProvider.update('categories', {
      id: 'c-2',
      data: { id: 'c-2', name: 'Tortas', image_uid: 'img-1', image_upload: null },
      previousData: { id: 'c-2', name: 'Postres', image_uid: 'img-1', version: 2 },
    });
    const [, patch] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(patch?.body))).toEqual({ name: 'Tortas' });
  });
  const provider = {
    provider: 'CULQI',
    public_key: 'pk_test_demo1234',
    secret_key: '••••9f3a',
    webhook_secret: null,
    enabled: true,
    events_url: 'https://demo.pe/api/v5/payments/culqi/demo-main/events/',
    transfer: { channel: 'Yape', number: '987111222', holder: 'Café Demo', qr_url: '/media/qr.png' },
    version: 2,
  };

  it('reads the payment provider flat, and PUTs it whole with only the secrets typed anew', async () => {
    answer(200, provider);
    const record: RaRecord = (await dataProvider.getOne('payment-provider', { id: 'payment-provider' })).data;
    expect(record).toMatchObject({ id: 'payment-provider', accepts_transfer: true, qr_url: '/media/qr.png' });
    answer(200, { ...provider, secret_key: '••••wxyz' });
    await dataProvider.update('payment-provider', {
      id: 'payment-provider',
      data: {
        ...record,
        public_key: 'pk_test_other5678',
        new_secret_key: ' sk_test_abcdwxyz ',
        new_webhook_secret: '',
      },
      previousData: record,
    });
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe('/api/admin/companies/demo-main/payment-provider/');
    expect(init?.method).toBe('PUT');
    // The masked value read is never sent back as a secret; the QR stays as it is (left out).
    expect(JSON.parse(String(init?.body))).toEqual({
      provider: 'CULQI',
      public_key: 'pk_test_other5678',
      secret_key: 'sk_test_abcdwxyz',
      enabled: true,
      transfer: { channel: 'Yape', number: '987111222', holder: 'Café Demo' },
    });
  });

  it('removes the provider and the transfer details when the owner turns them off', async () => {
    answer(200, { ...provider, provider: null, transfer: null });
    await dataProvider.update('payment-provider', {
      id: 'payment-provider',
      data: { ...provider, provider: null, accepts_transfer: false, enabled: false },
      previousData: provider,
    });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      provider: null,
      public_key: 'pk_test_demo1234',
      enabled: false,
      transfer: null,
    });
  });
});
