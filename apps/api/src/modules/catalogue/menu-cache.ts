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
 * pages are dropped in this process as soon as an order moves its stock (`placeChanged`); another
 * process's orders show within `seconds` — an order checks stock under its row locks anyway.
 * An admin's change to a catalogue drops every process's pages of that app at once (`catalogueChanged`,
 * told by catalogue-events.ts).
 *
 * Everything is kept per app (the tenant), never across apps: one shop's import or stream of orders
 * leaves every other app's pages, reads and server-rendered pages kept. An app is the unit rather than
 * its company because an app's answers show all of its companies (a marketplace such as the demo's
 * multi.localhost lists the places of three), and a company belongs to one app only (tenant file).
 * Concurrent requests for a page that is not kept share one computation.
 */
export function createMenuCache(seconds: number) {
  // A place's pages are keyed by its generation, so that a page computed before a change never
  // answers after it, even if its computation ends later.
  const generations = new Map<string, number>();
  // +1 on every change, anywhere: the front door stamps it on a request before its tenant is known
  // (plugins/kept-answers.ts). The marks below are its value at a change, so that keys only grow.
  let changes = 0;
  // At the last change of every app (its settings or domains, app-events.ts).
  let allChanged = 0;
  // Per app, at its last change of any kind: its reads and server-rendered pages key on it.
  const appChanged = new Map<string, number>();
  // Per app, at its last catalogue change: its menu pages key on it (an order drops only its place's).
  const catalogueChangedOf = new Map<string, number>();
  const mark = (marks: Map<string, number>, app: string) => Math.max(allChanged, marks.get(app) ?? 0);
  /** Changes whenever something this app shows may have changed; without an app, on every change. */
  const version = (app: string | undefined) => (app === undefined ? changes : mark(appChanged, app));
  const pages = new LRUCache<string, string, () => Promise<string>>({
    maxSize: MAX_BYTES,
    sizeCalculation: (body) => body.length || 1,
    ttl: seconds * 1000,
    fetchMethod: (_key, _stale, { context: compute }) => compute(),
  });
  // Reads that may show any of the app's places or its settings (the app record, the places, a program):
  // keyed by the app's `version`, so that every change of the app that drops a menu page drops them too.
  const reads = new LRUCache<string, object | string, () => Promise<object | string>>({
    maxSize: MAX_BYTES,
    // An app record is a few KiB; a JSON body counts its length.
    sizeCalculation: (value) => (typeof value === 'string' ? value.length || 1 : APP_RECORD_BYTES),
    ttl: seconds * 1000,
    fetchMethod: (_key, _stale, { context: compute }) => compute(),
  });
  return {
    /** The app's value for this key as of its latest change, computed by `compute` unless it is kept. */
    async read<T extends object | string>(
      app: string | undefined,
      key: string,
      compute: () => Promise<T>,
    ): Promise<T> {
      if (seconds === 0) return compute();
      const value = await reads.fetch(`${app} ${version(app)} ${key}`, { context: compute });
      return (value as T | undefined) ?? compute();
    },
    /** The page's body for this place of the app and key, computed by `compute` unless it is kept. */
    async page(
      app: string | undefined,
      placeUid: string,
      key: string,
      compute: () => Promise<string>,
    ): Promise<string> {
      if (seconds === 0) return compute();
      const catalogue = app === undefined ? changes : mark(catalogueChangedOf, app);
      const generation = generations.get(placeUid) ?? 0;
      const body = await pages.fetch(`${app} ${catalogue} ${placeUid} ${generation} ${key}`, {
        context: compute,
      });
      return body ?? compute();
    },
    /** The stock of this place of the app moved: its pages, and the app's reads, are computed again. */
    placeChanged(app: string, placeUid: string) {
      generations.set(placeUid, (generations.get(placeUid) ?? 0) + 1);
      appChanged.set(app, ++changes);
    },
    /**
     * A catalogue of the app changed (a price, an offer, a category, a place, an activity): every page
     * of the app goes, at once. Rare enough (an admin's edit, an import's batch) that finding the few
     * places concerned is not worth it.
     */
    catalogueChanged(app: string) {
      // New keys only: clearing would abort the computations under way (lru-cache), failing their requests.
      appChanged.set(app, ++changes);
      catalogueChangedOf.set(app, changes);
    },
    /** Every app's settings or domains may have changed (rare: an owner's or operator's write). */
    everythingChanged() {
      allChanged = ++changes;
    },
    version,
    /** The count of changes so far, anywhere: `version(app)` is never above it. */
    changes: () => changes,
    /** How long pages built from menus may be kept, in seconds (MENU_CACHE_SECONDS). */
    seconds,
  };
}
