import type { Page, Response } from '@playwright/test';
import { expect, test } from '../../web/e2e/support.ts';
import { checkAxe, openFromMenu, signInAdmin } from './admin-support.ts';

// Issue 27 on the admin site: the owner sets the company's online payments (the secrets write-only,
// shown masked afterwards), and no secret reaches any page. The demo company keeps the sandbox's own
// keys (other journeys pay with them at the same time), so the owner saves those same keys again.

const SECRET = 'sk_test_sandbox_demo';
const WEBHOOK_SECRET = 'whsec_sandbox_demo';

test.use({ locale: 'es-PE' });
// Sign-in, the screen's axe check, a save and a reload: more than the default 30 s on a loaded machine.
test.slow();

/** Every answer a page receives, as text, to search for secrets. */
function recordAnswers(page: Page): string[] {
  const bodies: string[] = [];
  page.on('response', (response: Response) => {
    void response
      .text()
      .then((text) => bodies.push(text))
      .catch(() => {});
  });
  return bodies;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  // Both sizes in the desktop project: each test sets its own screen.
  test(`the owner sets the payment provider; the secrets show masked afterwards (${viewport.width}px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const answers = recordAnswers(page);
    await signInAdmin(page, 'dueno@demo.pe');
    if (viewport.width < 600)
      await page
        .getByRole('button', { name: /menú|menu/i })
        .first()
        .click();
    await openFromMenu(page, 'Pagos en línea');
    await expect(page.getByLabel('Culqi (tarjetas y Yape)')).toBeChecked();
    // The demo's secret key and webhook secret both end in "demo".
    await expect(page.getByText(/Guardada: ••••demo/)).toHaveCount(2);
    await expect(page.getByText('/api/v5/payments/culqi/', { exact: false })).toBeVisible();
    await checkAxe(page, 'payment provider');

    await page.getByTestId('new-secret_key').fill(SECRET);
    await page.getByTestId('new-webhook_secret').fill(WEBHOOK_SECRET);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText(/actualizado|guardad/i).first()).toBeVisible();

    await page.reload();
    await expect(page.getByText(/Guardada: ••••demo/)).toHaveCount(2);
    await expect(page.getByTestId('new-secret_key')).toHaveValue('');
    expect(await page.content()).not.toContain(SECRET);
    expect(answers.filter((body) => body.includes(SECRET) || body.includes(WEBHOOK_SECRET))).toEqual([]);
  });
}

test('no secret key reaches any page: the admin screens and the storefront checkout', async ({ page }) => {
  const answers = recordAnswers(page);
  await signInAdmin(page, 'dueno@demo.pe');
  for (const screen of ['Pagos en línea', 'Pedidos', 'Configuración', 'Registro de cambios'])
    await openFromMenu(page, screen);
  await page.goto('/api/v5/places/place-miraflores/payment-settings/');
  const pages = await page.content();
  expect(pages).not.toContain(SECRET);
  expect(answers.filter((body) => body.includes(SECRET) || body.includes(WEBHOOK_SECRET))).toEqual([]);
});
