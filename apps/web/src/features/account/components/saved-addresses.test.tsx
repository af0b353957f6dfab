import type { SavedAddress } from '@storefront/contracts/addresses';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addTranslations, initI18n } from '../../../lib/i18n.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { SavedAddresses } from './saved-addresses.tsx';

// Issue 30 item 1: the profile lists, adds, edits and deletes the member's saved addresses.

vi.mock('../../../lib/toast.tsx', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const casa: SavedAddress = {
  uid: '7b0c3a52-0000-4000-8000-000000000001',
  label: 'Casa',
  district: 'Miraflores',
  address: 'Av. Larco 123',
  reference: 'Frente al parque',
  latitude: null,
  longitude: null,
  created_at: '2026-01-01T12:00:00Z',
  updated_at: '2026-01-01T12:00:00Z',
};

let stored: SavedAddress[] = [];
const calls: { method: string; url: string; body?: unknown }[] = [];
/** An answer for a write, when a test wants another than the usual. */
let writeAnswer: Response | null = null;

const renderIt = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SavedAddresses />
    </QueryClientProvider>,
  );

describe('saved addresses in the profile', () => {
  beforeAll(async () => {
    await initI18n();
    addTranslations('account', { es, en });
    // jsdom has no modal dialogs.
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.open = false;
    };
  });
  beforeEach(() => {
    stored = [casa];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        const body = init.body ? JSON.parse(String(init.body)) : undefined;
        calls.push({ method, url, body });
        if (method === 'GET') return Response.json({ results: stored });
        if (writeAnswer) return writeAnswer;
        if (method === 'DELETE') {
          stored = stored.filter((a) => !url.includes(a.uid));
          return new Response(null, { status: 204 });
        }
        const saved = { ...casa, ...body, uid: '7b0c3a52-0000-4000-8000-000000000002' };
        stored = [saved, ...stored];
        return Response.json(saved, { status: 201 });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    calls.length = 0;
    writeAnswer = null;
  });

  it('lists them, and deletes one only after the confirm', async () => {
    renderIt();
    expect(await screen.findByText('Casa')).toBeTruthy();
    expect(screen.getByText('Av. Larco 123, Miraflores')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Casa' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sí, eliminar' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
        { method: 'DELETE', url: `/api/v5/me/addresses/${casa.uid}/`, body: undefined },
      ]),
    );
    expect(await screen.findByText(/Aún no guardaste direcciones/)).toBeTruthy();
  });

  it('checks the fields before saving, then saves a new one and lists it', async () => {
    renderIt();
    await screen.findByText('Casa');
    fireEvent.click(screen.getByRole('button', { name: 'Agregar dirección' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar dirección' }));
    expect(await screen.findAllByText('Este campo es requerido')).toHaveLength(3);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Nombre (Casa, Oficina…)'), { target: { value: 'Oficina' } });
    fireEvent.change(screen.getByLabelText('Distrito'), { target: { value: 'San Isidro' } });
    fireEvent.change(screen.getByLabelText('Dirección'), { target: { value: 'Calle Las Begonias 450' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar dirección' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { label: 'Oficina', district: 'San Isidro', address: 'Calle Las Begonias 450', reference: '' },
      ]),
    );
    expect(await screen.findByText('Oficina')).toBeTruthy();
  });

  it("shows the server's field error on its field when an edit is refused", async () => {
    renderIt();
    await screen.findByText('Casa');
    fireEvent.click(screen.getByRole('button', { name: 'Editar Casa' }));
    writeAnswer = Response.json(
      { address: ['Asegúrate de que este campo no tenga más de 300 caracteres.'] },
      { status: 400 },
    );
    fireEvent.change(screen.getByLabelText('Dirección'), { target: { value: 'Av. Larco 124' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar dirección' }));
    expect(
      await screen.findByText('Asegúrate de que este campo no tenga más de 300 caracteres.'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH')).toMatchObject([
      { url: `/api/v5/me/addresses/${casa.uid}/`, body: { address: 'Av. Larco 124' } },
    ]);
  });
});
