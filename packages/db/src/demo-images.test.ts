import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Every picture the demo tenant names is shipped with the storefront (issue 14: the program logo, the
// promotions and the raffle answered 404), and stays small.
const root = new URL('../../../', import.meta.url);
const tenant = readFileSync(new URL('packages/db/demo/demo.tenant.json', root), 'utf8');
const pictures = [
  ...new Set([...tenant.matchAll(/"(\/demo\/[^"]+\.(?:svg|webp|jpe?g|png))"/g)].map((m) => m[1] ?? '')),
];

describe('the demo pictures', () => {
  it('are all in apps/web/public, each under 20 KiB', () => {
    expect(pictures.length).toBeGreaterThan(10);
    const missing = pictures.filter((path) => !existsSync(new URL(`apps/web/public${path}`, root)));
    expect(missing).toEqual([]);
    const large = pictures.filter(
      (path) => statSync(new URL(`apps/web/public${path}`, root)).size > 20 * 1024,
    );
    expect(large).toEqual([]);
  });
});
