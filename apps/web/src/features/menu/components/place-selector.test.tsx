import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { useLayoutEffect, useRef } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { selectArea, storedAreaUid } from '../../../lib/place-selection.ts';
import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';
import { usePlaces } from '../api/use-places.ts';
import { PlaceSelector } from './place-selector.tsx';

const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });
const cayma = {
  uid: 'cayma',
  name: 'Cayma',
  address: 'Av. Cayma 1',
  locality: { uid: 'arequipa', name: 'Arequipa' },
};
const miraflores = {
  uid: 'miraflores',
  name: 'Miraflores',
  address: 'Av. Larco 345',
  locality: { uid: 'lima', name: 'Lima' },
};

/**
 * A visitor who picks Lima the moment the company's places show: in a layout effect, so after the
 * selector's render with the company's list and before its own (passive) effect.
 */
function PicksLimaOnFirstList() {
  const places = usePlaces('co', null);
  const picked = useRef(false);
  useLayoutEffect(() => {
    if (places.data && !picked.current) {
      picked.current = true;
      selectArea('lima');
    }
  }, [places.data]);
  return null;
}

describe('place selector', () => {
  beforeAll(() => initI18n());
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const body = url.includes('area=lima') ? page([miraflores]) : page([cayma, miraflores]);
        return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('picks the first place of the chosen city, and never undoes a city picked since it rendered', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PlaceSelector companyUid="co" />
        <PicksLimaOnFirstList />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(storage.get(STORAGE_KEYS.selectedPlaceUid)).toBe('miraflores'));
    expect(storedAreaUid()).toBe('lima');
  });
});
