import { LRUCache } from 'lru-cache';

declare module 'fastify' {
  interface FastifyInstance {
    menuCache: MenuCache;
  }
}

/** Bytes of menu pages one process keeps; past it the least recently asked pages go. */
const MAX_BYTES = 32 * 1024 * 1024;
const APP_RECORD_BYTES = 8 * 1024;

export type MenuCache = ReturnType<typeof createMenuCache>;

/**
 * Menu pages as sent, kept for `seconds` (MENU_CACHE_SECONDS): every visitor of a busy place asks for
 * the same first page, and it changes only when stock moves or the catalogue is imported. A place's
 * pages are dropped in this process as soon as an order moves its stock (`placeChanged`); other
 * processes, and the import, show within `seconds` — an order checks stock under its row locks anyway.
 * An admin's change to a catalogue drops every process's pages at once (`catalogueChanged`, told by
 * catalogue-events.ts).
 * Concurrent requests for a page that is not kept share one computation.
 */
export function createMenuCache(seconds: number) {
  // A place's pages are keyed by its generation, so that a page computed before a change never
  // answers after it, even if its computation ends later.
  const generations = new Map<string, number>();
  // Bumped when a company's catalogue changes (the admin API): every page of this process is dropped.
  let epoch = 0;
  // Any place's change: the server-rendered pages (plugins/storefront.ts) key on it, as they may show any place.
  let version = 0;
  const pages = new LRUCache<string, string, () => Promise<string>>({
    maxSize: MAX_BYTES,
    sizeCalculation: (body) => body.length || 1,
    ttl: seconds * 1000,
    fetchMethod: (_key, _stale, { context: compute }) => compute(),
  });
  // Reads that may show any place or the app's settings (the app record, the places, a program): keyed
  // by `version`, so that every change that drops a menu page drops them too.
  const reads = new LRUCache<string, object | string, () => Promise<object | string>>({
    maxSize: MAX_BYTES,
    // An app record is a few KiB; a JSON body counts its length.
    sizeCalculation: (value) => (typeof value === 'string' ? value.length || 1 : APP_RECORD_BYTES),
    ttl: seconds * 1000,
    fetchMethod: (_key, _stale, { context: compute }) => compute(),
  });
  return {
    /** The value for this key as of the latest change, computed by `compute` unless it is kept. */
    async read<T extends object | string>(key: string, compute: () => Promise<T>): Promise<T> {
      if (seconds === 0) return compute();
      const value = await reads.fetch(`${version} ${key}`, { context: compute });
      return (value as T | undefined) ?? compute();
    },
    /** The page's body for this place and key, computed by `compute` unless it is kept. */
    async page(placeUid: string, key: string, compute: () => Promise<string>): Promise<string> {
      if (seconds === 0) return compute();
      const body = await pages.fetch(`${epoch} ${placeUid} ${generations.get(placeUid) ?? 0} ${key}`, {
        context: compute,
      });
      return body ?? compute();
    },
    /** The place's stock moved: its pages are computed again from the next request. */
    placeChanged(placeUid: string) {
      generations.set(placeUid, (generations.get(placeUid) ?? 0) + 1);
      version++;
    },
    /**
     * A catalogue changed (a price, an offer, a category): every page goes, at once. Rare enough (an
     * admin's edit) that finding the few places concerned is not worth it.
     */
    catalogueChanged() {
      // New keys only: clearing would abort the computations under way (lru-cache), failing their requests.
      epoch++;
      version++;
    },
    /** Changes whenever some place's stock moves. */
    version: () => version,
    /** How long pages built from menus may be kept, in seconds (MENU_CACHE_SECONDS). */
    seconds,
  };
}
