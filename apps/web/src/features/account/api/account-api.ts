import type { Me, UpdateMePayload } from '@storefront/contracts/accounts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { meQueryKey } from './use-me.ts';

interface DetailAnswer {
  detail: string;
}
export interface DeletionProgram {
  uid: string;
  name: string;
  coins: number;
  total_points: number;
}
interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** `PATCH v5/me/`; the answer is the new profile. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: UpdateMePayload) => apiFetch<Me>('v5/me/', { method: 'PATCH', body: payload }),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: { current_password: string; password: string; password_confirmation: string }) =>
      apiFetch<DetailAnswer>('v5/me/change_password/', { method: 'POST', body }),
  });

/** The member's QR code for a program (`POST v5/me/programs/{uid}/qr/`, answering qrMember). */
export const useMemberQr = (programUid: string | undefined) =>
  useQuery({
    queryKey: ['member-qr', programUid],
    queryFn: () => apiFetch<{ qrMember: string }>(`v5/me/programs/${programUid}/qr/`, { method: 'POST' }),
    enabled: Boolean(programUid),
    staleTime: 5 * 60_000,
  });

export const useRequestDeletion = () =>
  useMutation({ mutationFn: () => apiFetch<DetailAnswer>('v5/delete-account/', { method: 'POST' }) });

/** A deletion link: the generic path, or the app's prefixed one (architecture §2 deletion_path_prefix). */
export interface DeletionLink {
  prefix: string | null;
  uidApp: string;
  uidUser: string;
  token: string;
}
const deletionPath = ({ prefix, uidApp, uidUser, token }: DeletionLink) =>
  prefix ? `v5/${prefix}/me/delete/${uidApp}/${uidUser}/${token}/` : `v5/me/delete/${uidUser}/${token}/`;

export const useDeletionLink = (link: DeletionLink) =>
  useQuery({
    queryKey: ['deletion-link', link],
    queryFn: () => apiFetch<DetailAnswer>(deletionPath(link)),
    retry: false,
  });

export const useDeletionPrograms = (link: DeletionLink, page: number, enabled: boolean) =>
  useQuery({
    queryKey: ['deletion-programs', link, page],
    queryFn: () =>
      apiFetch<Page<DeletionProgram>>(
        `v5/me/delete/${link.uidUser}/${link.token}/list-members-programs/?page=${page}`,
      ),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useDeleteAccount = (link: DeletionLink) =>
  useMutation({ mutationFn: () => apiFetch<DetailAnswer>(deletionPath(link), { method: 'DELETE' }) });
