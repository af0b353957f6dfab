import { type Query, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryPlans } from './query-plans.ts';

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });

/** A render's client after it asked for a city list and, from it, the city's places (an infinite list). */
async function renderedMenu(calls: string[]) {
  const rendered = client();
  await rendered.fetchQuery({
    queryKey: ['areas'],
    queryFn: async () => {
      calls.push('areas');
      return ['lima'];
    },
  });
  await rendered.fetchInfiniteQuery({
    queryKey: ['places', 'lima'],
    initialPageParam: 1,
    getNextPageParam: () => undefined,
    queryFn: async ({ pageParam }) => {
      calls.push(`places page ${pageParam}`);
      return ['miraflores'];
    },
  });
  return rendered;
}

const used = (rendered: QueryClient): Query[] => rendered.getQueryCache().getAll();

describe('query plans: what a page asked for last time, fetched before its first pass', () => {
  it('fetches every query of the plan, an infinite list included, into the next render', async () => {
    const plans = createQueryPlans();
    const calls: string[] = [];
    plans.remember('carta', used(await renderedMenu(calls)));
    calls.length = 0;

    const next = client();
    await plans.prefetch('carta', next);
    expect(calls.sort()).toEqual(['areas', 'places page 1']);
    expect(next.getQueryData(['areas'])).toEqual(['lima']);
    expect(next.getQueryData(['places', 'lima'])).toEqual({ pages: [['miraflores']], pageParams: [1] });
  });

  it('fetches nothing for a page it has no plan for', async () => {
    const plans = createQueryPlans();
    const calls: string[] = [];
    plans.remember('carta', used(await renderedMenu(calls)));
    calls.length = 0;
    const next = client();
    await plans.prefetch('program', next);
    expect(calls).toEqual([]);
    expect(next.getQueryCache().getAll()).toEqual([]);
  });

  it("keeps a query's failure as its state, for the render to show, and still fetches the others", async () => {
    const plans = createQueryPlans();
    const rendered = client();
    let fail = false;
    await rendered.fetchQuery({
      queryKey: ['landing'],
      queryFn: async () => {
        if (fail) throw new Error('the API is down');
        return 'sections';
      },
    });
    await rendered.fetchQuery({ queryKey: ['areas'], queryFn: async () => ['lima'] });
    plans.remember('landing', used(rendered));
    fail = true;

    const next = client();
    await expect(plans.prefetch('landing', next)).resolves.toBeUndefined();
    expect(next.getQueryState(['landing'])?.status).toBe('error');
    expect(next.getQueryData(['areas'])).toEqual(['lima']);
  });

  it('replaces a plan with what the page used last, and drops the least recently rendered page past its size', async () => {
    const plans = createQueryPlans(2);
    const one = async (key: string) => {
      const rendered = client();
      await rendered.fetchQuery({ queryKey: [key], queryFn: async () => key });
      return used(rendered);
    };
    plans.remember('a', await one('a'));
    plans.remember('b', await one('b'));
    plans.remember('a', await one('a2'));
    // 'a' was rendered after 'b': 'b' is the one to go.
    plans.remember('c', await one('c'));
    expect(plans.size).toBe(2);

    const next = client();
    await plans.prefetch('b', next);
    expect(next.getQueryCache().getAll()).toEqual([]);
    await plans.prefetch('a', next);
    expect(next.getQueryData(['a2'])).toBe('a2');
    expect(next.getQueryData(['a'])).toBeUndefined();
  });
});
