import type {
  SavedAddress,
  SavedAddressBody,
  SavedAddresses,
  SavedAddressPatch,
} from '@storefront/contracts/addresses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

const BASE = 'v5/me/addresses/';
const addressesKey = ['me-addresses'] as const;

/** GET v5/me/addresses/: the member's saved addresses, last edited first (the checkout offers the first). */
export function useSavedAddresses(enabled = true) {
  return useQuery({
    queryKey: addressesKey,
    queryFn: ({ signal }) => apiFetch<SavedAddresses>(BASE, { signal }),
    enabled,
  });
}

/** Saves, edits or deletes one; the list is asked for again after each. */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, body }: { uid?: string; body: SavedAddressBody | SavedAddressPatch }) =>
      apiFetch<SavedAddress>(uid ? `${BASE}${encodeURIComponent(uid)}/` : BASE, {
        method: uid ? 'PATCH' : 'POST',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesKey }),
  });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uid: string) => apiFetch<null>(`${BASE}${encodeURIComponent(uid)}/`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesKey }),
  });
}
