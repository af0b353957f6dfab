import { E2E_PORT, expect, tenantUrl, test } from './support.ts';

// The xss.localhost demo tenant is a test fixture: every tenant-HTML field (FAQs, privacy, terms and
// every landing section's texts, links and images) holds the payloads of
// packages/db/demo/fixtures/xss-corpus.json. Rendering them must run nothing and fetch nothing foreign.
const pages = ['/faqs', '/terms-and-conditions', '/politics', '/landing'];
// Hovering every element of the landing takes a while.
test.describe.configure({ timeout: 60_000 });
test.use({ allowCspReports: true });

for (const path of pages) {
  test(`the XSS corpus on ${path} runs no script, opens no dialog and sends nothing abroad`, async ({
    page,
  }) => {
    const dialogs: string[] = [];
    const foreign: string[] = [];
    const errors: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on('request', (request) => {
      const { hostname, port, protocol } = new URL(request.url());
      const own = hostname === 'xss.localhost' && port === String(E2E_PORT);
      if (!own && protocol !== 'data:' && protocol !== 'blob:') foreign.push(request.url());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(() => {
      localStorage.setItem('version', '1.0.2');
      localStorage.setItem('cookie_ga', 'false');
      localStorage.setItem('cookie_guid', 'false');
      // Any payload that runs calls one of these.
      const hit = () => {
        (window as unknown as { __xss: number }).__xss =
          ((window as unknown as { __xss?: number }).__xss ?? 0) + 1;
      };
      window.alert = hit;
      window.confirm = () => {
        hit();
        return false;
      };
      window.prompt = () => {
        hit();
        return null;
      };
    });
    await page.goto(tenantUrl('xss.localhost', path));
    await expect(page.locator('h1, h2, [data-type]').first()).toBeVisible();
    // Hover and focus everything, so that event-handler payloads would fire.
    for (const element of await page.locator('main *:visible').all()) {
      await element.hover({ trial: false, timeout: 500 }).catch(() => {});
    }
    // Handler payloads fire on load and error events: wait until every request and image has settled.
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? 0)).toBe(0);
    expect(dialogs).toEqual([]);
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    const dangerous = await page.evaluate(() => {
      const found: string[] = [];
      for (const el of document.querySelectorAll('main *')) {
        if (['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'BASE', 'META', 'LINK', 'STYLE'].includes(el.tagName)) {
          found.push(el.outerHTML.slice(0, 80));
        }
        for (const attr of el.attributes) {
          if (/^on/i.test(attr.name) || /^\s*(javascript|vbscript|data):/i.test(attr.value)) {
            found.push(`${el.tagName} ${attr.name}=${attr.value.slice(0, 40)}`);
          }
        }
      }
      return found;
    });
    expect(dangerous).toEqual([]);
  });
}
