import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { PassThrough, Readable } from 'node:stream';
import type { App } from '@storefront/contracts/app';
import { LANGUAGES } from '@storefront/contracts/constants';
import type { WeeklyHours } from '@storefront/contracts/tenant-file-catalogue';
import { dehydrate, type Query, QueryClient, skipToken } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { jsonForHtml, PAGE_STATE_ID, type PageState } from './app/page-state.ts';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { setServerWindow } from './components/ui/safe-html.tsx';
import { setTransport } from './lib/api-client.ts';
import { GUID_COOKIE, hasCookie } from './lib/consent.ts';
import { appLanguage, initI18n, loadLanguage, shellStrings } from './lib/i18n.ts';
import { type ServerOutcome, ServerOutcomeContext } from './lib/server-render.tsx';
import {
  MIRRORED_KEYS,
  STORAGE_KEYS,
  type StorageSource,
  setCookieSource,
  setStorageSource,
} from './lib/storage.ts';
import { cachedPlaces, pageHead } from './ssr/head.ts';
import { createPageRenders, renderInputs } from './ssr/page-renders.ts';
import { createQueryPlans } from './ssr/query-plans.ts';

/** What the API's storefront plugin gives for one page (apps/api/src/plugins/storefront.ts). */
export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  /** The tenant's public origin, for canonical and Open Graph URLs. */
  origin: string;
  /** The host name the browser sees (location.hostname). */
  hostname: string;
  app: App;
  /** The cookies a page reads, as the server parsed them for its keys (`pageCookies`, decision 015). */
  cookieHeader: string;
  /** The API in-process: a fetch over Fastify's inject. */
  api: typeof fetch;
  /** The weekly opening hours of these places, for their JSON-LD (no public call carries them). */
  openingHours: (placeUids: string[]) => Promise<Record<string, WeeklyHours[]>>;
}

export type RenderResult =
  | { redirect: string }
  | {
      status: number;
      /** Cache key part: the mirrored keys the page was rendered with. */
      storage: Record<string, string | null>;
      lang: string;
      head: string;
      /** The body's content, streamed. */
      body: Readable;
      pageState: string;
    };

interface RequestScope {
  storage: StorageSource;
  cookieHeader: string;
  api: typeof fetch;
}

// Each render reads its own request's storage, cookies and API through the modules' seams.
const scope = new AsyncLocalStorage<RequestScope>();
const current = () => {
  const store = scope.getStore();
  if (!store) throw new Error('storefront render outside a request');
  return store;
};
setStorageSource(
  () => current().storage,
  () => current().storage,
);
setCookieSource(() => current().cookieHeader);
setTransport((input, init) => current().api(input, init));

// Tenant HTML is sanitised on the server by the same DOMPurify rules, over jsdom (stack.md: not happy-dom).
// jsdom loads with the first page that shows tenant HTML (FAQs, terms, landing sections), not with the
// server: it holds some 40 MB that the menu's pages never need (issue 19).
const require = createRequire(import.meta.url);
setServerWindow(() => {
  const { JSDOM } = require('jsdom') as typeof import('jsdom');
  return new JSDOM('').window as unknown as ReturnType<Parameters<typeof setServerWindow>[0]>;
});

const noStorage: StorageSource = { getItem: () => null, setItem() {}, removeItem() {} };
// Every language's strings: each render shows the one of its request.
const ready = scope.run({ storage: noStorage, cookieHeader: '', api: fetch }, async () => {
  await initI18n();
  await Promise.all(LANGUAGES.map(loadLanguage));
});

function parseCookies(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    try {
      cookies.set(part.slice(0, at).trim(), decodeURIComponent(part.slice(at + 1).trim()));
    } catch {
      // A cookie that is not URI-encoded text is not one of ours.
    }
  }
  return cookies;
}

/** The mirrored keys of the request's cookies, the language among the app's, and the app's key. */
function requestStorage(app: App, cookieHeader: string): Map<string, string> {
  const cookies = parseCookies(cookieHeader);
  const values = new Map<string, string>();
  for (const key of MIRRORED_KEYS) {
    const value = cookies.get(key);
    if (value) values.set(key, value);
  }
  if (!(LANGUAGES as readonly string[]).includes(values.get(STORAGE_KEYS.lang) ?? ''))
    values.delete(STORAGE_KEYS.lang);
  values.set(STORAGE_KEYS.apiKey, app.api_key);
  return values;
}

/**
 * Notes the queries a render asks for: React runs no effects on the server, so the render is repeated
 * with those fetched until it asks for nothing new (a menu: cities, then places, then the place's
 * categories and products). `fetchAsked` fetches what the last pass asked for; `used` is every query
 * the passes asked for, answered.
 */
function fetchWhatRendersAsk(client: QueryClient) {
  const asked = new Set<string>();
  const everAsked = new Set<string>();
  const defaults = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options: Parameters<typeof defaults>[0]) => {
    const defaulted = defaults(options);
    if (defaulted.enabled !== false && defaulted.queryFn !== skipToken && defaulted.queryHash) {
      asked.add(defaulted.queryHash);
      everAsked.add(defaulted.queryHash);
    }
    return defaulted;
  }) as typeof client.defaultQueryOptions;
  const cache = client.getQueryCache();
  return {
    async fetchAsked(): Promise<boolean> {
      const queries = [...asked]
        .map((hash) => cache.get(hash))
        .filter(
          (query) =>
            query !== undefined && query.state.status === 'pending' && query.state.fetchStatus === 'idle',
        );
      asked.clear();
      await Promise.all(queries.map((query) => query?.fetch().catch(() => undefined)));
      return queries.length > 0;
    },
    used: (): Query[] =>
      [...everAsked]
        .map((hash) => cache.get(hash))
        .filter((query): query is Query => query !== undefined && query.state.status !== 'pending'),
  };
}

const MAX_PASSES = 6;

const queryPlans = createQueryPlans();
const pageRenders = createPageRenders();

async function htmlOf(stream: AsyncIterable<Buffer | string>): Promise<string> {
  let html = '';
  for await (const chunk of stream) html += chunk.toString();
  return html;
}

/** A page whose passes ran out (MAX_PASSES) rendered once more, streamed as React writes it. */
function streamed(page: ReactNode): Readable {
  const body = new PassThrough();
  const { pipe } = renderToPipeableStream(page, {
    // Piped once every boundary is complete: React then writes them in place, with none of the inline
    // scripts that reveal late boundaries (the CSP allows no inline script).
    onAllReady: () => pipe(body),
    // No boundary is large enough to be sent apart (and revealed by an inline script).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onShellError: (error) => body.destroy(error as Error),
    onError: logRenderError,
  });
  return body;
}

function logRenderError(error: unknown) {
  if (process.env.NODE_ENV !== 'test') console.error('storefront render:', error);
}

export async function render(request: RenderRequest): Promise<RenderResult> {
  await ready;
  const values = requestStorage(request.app, request.cookieHeader);
  const storage: StorageSource = {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => values.set(key, value),
    removeItem: (key) => values.delete(key),
  };
  const renderStorage = Object.fromEntries(MIRRORED_KEYS.map((key) => [key, values.get(key) ?? null]));
  const lang = appLanguage(request.app, values.get(STORAGE_KEYS.lang));
  const i18n = i18next.cloneInstance({ lng: lang });

  return scope.run({ storage, cookieHeader: request.cookieHeader, api: request.api }, async () => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    // A page is its path for its plan: the queries it asks depend on the address's parameters far less
    // often than the parameters vary (a shared link's tracking parameters), and a plan that misses costs
    // no more than its own queries.
    const planKey = [
      request.app.uid,
      lang,
      request.hostname,
      request.url.split('?')[0],
      JSON.stringify(renderStorage),
    ].join(' ');
    // Before the passes watch what is asked: a plan's query counts as used only if a pass asks for it.
    await queryPlans.prefetch(planKey, queryClient);
    const passes = fetchWhatRendersAsk(queryClient);
    const tree = (outcome: ServerOutcome): ReactNode => (
      <ServerOutcomeContext.Provider value={outcome}>
        <I18nextProvider i18n={i18n}>
          <AppProviders app={request.app} queryClient={queryClient}>
            <StaticRouter location={request.url}>
              <AppRoutes />
            </StaticRouter>
          </AppProviders>
        </I18nextProvider>
      </ServerOutcomeContext.Provider>
    );

    const { hostname } = request;
    let outcome: ServerOutcome = { redirect: null, status: 200, hostname };
    // The page's own address and what else of the request it shows (the consent banner reads _guid).
    const renderKey = [planKey, request.url, request.origin, hasCookie(GUID_COOKIE)].join(' ');
    const inputs = renderInputs(request.app, queryClient);
    const reused = pageRenders.reuse(renderKey, inputs);
    // The HTML of a pass that asked for nothing new: rendered with every answer, it is the page.
    let finalHtml: string | null = reused?.html ?? null;
    if (reused) outcome.status = reused.status;
    for (let pass = 0; !reused && pass < MAX_PASSES; pass++) {
      outcome = { redirect: null, status: 200, hostname };
      const errors: unknown[] = [];
      // Every boundary in place, as the stream below writes them: no inline script (the CSP allows none).
      const { prelude } = await prerenderToNodeStream(tree(outcome), {
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onError: (error) => {
          errors.push(error);
        },
      });
      const html = await htmlOf(prelude);
      if (outcome.redirect) return { redirect: outcome.redirect };
      if (!(await passes.fetchAsked())) {
        for (const error of errors) logRenderError(error);
        finalHtml = html;
        queryPlans.remember(planKey, passes.used());
        // Only a first pass was rendered from its inputs alone (a later one, from answers fetched since);
        // one that failed somewhere is tried again.
        if (pass === 0 && errors.length === 0) {
          const used = passes.used().map((query) => query.queryHash);
          pageRenders.remember(renderKey, inputs, { html, status: outcome.status, used });
        }
        break;
      }
    }

    // What the page used: a plan's query that this render did not ask for is not part of the page.
    const used = new Set(reused?.used ?? passes.used().map((query) => query.queryHash));
    const queries = dehydrate(queryClient, { shouldDehydrateQuery: (query) => used.has(query.queryHash) });
    const pageState: PageState = {
      storage: renderStorage,
      queries,
      language: lang,
      strings: await shellStrings(lang),
    };
    const places = cachedPlaces(queryClient);
    const openingHours =
      places.length > 0 ? await request.openingHours(places.map((place) => place.uid)).catch(() => ({})) : {};
    const body =
      finalHtml === null
        ? streamed(tree({ redirect: null, status: outcome.status, hostname }))
        : Readable.from([finalHtml]);
    return {
      status: outcome.status,
      storage: renderStorage,
      lang,
      head: pageHead({
        app: request.app,
        url: request.url,
        origin: request.origin,
        lang,
        queryClient,
        openingHours,
      }),
      body,
      pageState: `<script type="application/json" id="${PAGE_STATE_ID}">${jsonForHtml(pageState)}</script>`,
    };
  });
}
