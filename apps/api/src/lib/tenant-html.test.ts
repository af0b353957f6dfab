import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
// The storefront's renderer, with its server window as entry-server.tsx gives it one.
import { sanitizeHtml, setServerWindow } from '../../../web/src/components/ui/safe-html.tsx';
import { tenantHtmlCleaner } from './tenant-html.ts';

const { payloads } = JSON.parse(
  readFileSync(
    fileURLToPath(new URL('../../../../packages/db/demo/fixtures/xss-corpus.json', import.meta.url)),
    'utf8',
  ),
) as { payloads: string[] };

let cleanTenantHtml: (html: string) => string;
beforeAll(async () => {
  cleanTenantHtml = await tenantHtmlCleaner();
  setServerWindow(() => new JSDOM('').window as unknown as ReturnType<Parameters<typeof setServerWindow>[0]>);
});

describe('the admin API cleans tenant HTML by the storefront renderer’s rules', () => {
  it.each(payloads)('gives what the storefront would render for %s, which renders unchanged', (payload) => {
    const stored = cleanTenantHtml(payload);
    expect(stored).toBe(sanitizeHtml(payload));
    // What is stored is already safe: the storefront's pass over it changes nothing.
    expect(sanitizeHtml(stored)).toBe(stored);
  });

  it('drops links and images whose site-relative address a browser would read as another host', () => {
    expect(cleanTenantHtml('<a href="/\\evil.example">x</a><img src="/\\evil.example/a.png" alt="">')).toBe(
      '<a>x</a><img alt="">',
    );
  });
});
