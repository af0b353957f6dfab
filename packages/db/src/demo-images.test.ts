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

// Issue 28: the ceviche was shown with a cake. A picture's own label names what it shows.
describe('the demo pictures show what they name', () => {
  it('the drawn picture of a ceviche is a ceviche', () => {
    const ceviches = [
      ...tenant.matchAll(/"title": "[^"]*[Cc]eviche[^"]*",[^{}]*?"image": "(\/demo\/products\/[^"]+)"/g),
    ];
    expect(ceviches.length).toBeGreaterThan(0);
    for (const [, path] of ceviches) {
      const svg = readFileSync(new URL(`apps/web/public${path}`, root), 'utf8');
      expect(svg, path).toContain('aria-label="Ceviche"');
    }
  });
});

// Issue 28: the demo raffle drew on the day its registration closed, before the close.
describe('the demo raffles', () => {
  it('draw after their registration closes', () => {
    const raffles = [...tenant.matchAll(/"ends_at": "([^"]+)",\s*"draw_date": "([^"]+)"/g)];
    expect(raffles.length).toBeGreaterThan(0);
    for (const [, endsAt, drawDate] of raffles) {
      expect(Date.parse(`${drawDate}T00:00:00-05:00`)).toBeGreaterThan(Date.parse(endsAt ?? ''));
    }
  });
});
