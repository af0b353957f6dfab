import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/** Pages whose plan one process keeps; past it the least recently rendered goes. */
const MAX_PLANS = 1000;

export type QueryPlans = ReturnType<typeof createQueryPlans>;

/**
 * What each page asked for the last time it was rendered: the options (key and function) of its
 * queries. A render of the same page fetches them all at once before its first pass, so that the pass
 * asks for nothing new and is the page: one render instead of one per level of dependent queries (a
 * menu: the cities, then the places, then the place's categories and products).
 * Only the list is reused, never an answer: each render fetches its own data. A plan that no longer
 * fits (the data moved on, a parameter of the address changed) costs at most the queries it fetched in
 * vain; whatever the render asks beyond it is fetched as before, and its next plan is what it used.
 * Query functions read the request through the render's scope (entry-server.tsx), so a function kept
 * from one render fetches for the render that calls it.
 */
export function createQueryPlans(max = MAX_PLANS) {
  // Each query's options as its render defaulted them (its function and hash), with its key.
  const plans = new Map<string, (Query['options'] & { queryKey: QueryKey })[]>();
  return {
    /** Fetches the page's last plan into this render's client (nothing if the page has none yet). */
    async prefetch(key: string, client: QueryClient): Promise<void> {
      const plan = plans.get(key);
      if (!plan) return;
      // Most recently rendered last: the first key is the one to drop.
      plans.delete(key);
      plans.set(key, plan);
      const cache = client.getQueryCache();
      // An error is the query's state, rendered as the page would have without the plan.
      await Promise.all(
        plan.map((options) =>
          cache
            .build(client, options)
            .fetch()
            .catch(() => undefined),
        ),
      );
    },
    /** Keeps what this render used, as the page's plan. */
    remember(key: string, used: Query[]) {
      plans.delete(key);
      plans.set(
        key,
        used.map((query) => ({ ...query.options, queryKey: query.queryKey })),
      );
      if (plans.size > max) plans.delete(plans.keys().next().value as string);
    },
    get size() {
      return plans.size;
    },
  };
}
