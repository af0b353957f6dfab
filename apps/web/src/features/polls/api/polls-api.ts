import { PAGE_SIZE } from '@storefront/contracts/constants';
import type { pollResponseBodySchema, pollResponseSchema, pollSchema } from '@storefront/contracts/loyalty';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';
import { idempotent, type Page } from '../../programs/api/programs-api.ts';

export type Poll = z.infer<typeof pollSchema>;
export type PollAnswers = z.infer<typeof pollResponseBodySchema>['answers'];

const base = (programUid: string) => `v5/me/programs/${encodeURIComponent(programUid)}/polls/`;

/** A page of 25 polls, the answered ones (is_resolved=true) or those still to answer. */
export function usePolls(programUid: string | null, resolved: boolean, page: number) {
  return useQuery({
    queryKey: ['polls', programUid, 'list', { resolved, page }],
    queryFn: ({ signal }) =>
      apiFetch<Page<Poll>>(
        `${base(programUid ?? '')}?is_resolved=${resolved}&page=${page}&page_size=${PAGE_SIZE}`,
        { signal },
      ),
    enabled: programUid !== null,
    placeholderData: keepPreviousData,
  });
}

export function usePoll(programUid: string, uid: string) {
  return useQuery({
    queryKey: ['polls', programUid, 'detail', uid],
    queryFn: ({ signal }) => apiFetch<Poll>(`${base(programUid)}${encodeURIComponent(uid)}/`, { signal }),
  });
}

/** Answers every question of a poll, once per member. */
export function useAnswerPoll(programUid: string, uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: PollAnswers) =>
      apiFetch<z.infer<typeof pollResponseSchema>>(`v5/me/polls/${encodeURIComponent(uid)}/responses/`, {
        method: 'POST',
        body: { answers },
        headers: idempotent(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['polls', programUid] }),
  });
}
