import { fileURLToPath } from 'node:url';
import { digits, E2E_PORT, expect, test, untilHydrated } from '../../web/e2e/support.ts';
import { checkAxe, openFromMenu, ownerApi, signInAdmin } from './admin-support.ts';

// Issue 18's content journeys: an owner adds a landing CAROUSEL with pictures and the storefront's
// landing shows it; an owner edits the terms with the rich-text editor and the storefront's terms page
// shows the new text.

test.use({ locale: 'es-PE', viewport: { width: 1024, height: 768 } });

const STOREFRONT = `http://localhost:${E2E_PORT}`;
const PICTURE = fileURLToPath(new URL('./fixtures/causa.jpg', import.meta.url));

test('an owner adds a landing carousel with pictures; the storefront landing shows it', async ({ page }) => {
  test.slow();
  const title = `Novedades ${digits(5)}`;
  await signInAdmin(page, 'dueno@demo.pe');
  await openFromMenu(page, 'Landing');
  await checkAxe(page, 'landing sections');
  await page.getByRole('link', { name: 'Crear' }).click();
  await page.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: 'Carrusel' }).click();
  await expect(page.getByText(/Tarjetas con dos imágenes/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Título', exact: true }).fill(title);
  // One card with two pictures uploaded from the computer, as the storefront's carousel shows them.
  await page.getByRole('button', { name: 'Añadir' }).click();
  const card = page
    .locator('li')
    .filter({ has: page.getByRole('textbox', { name: 'Subtítulo' }) })
    .first();
  await card.getByRole('textbox', { name: 'Título', exact: true }).fill('Causa del día');
  await card.getByRole('textbox', { name: 'Contenido', exact: true }).fill('Con palta y pollo');
  for (const n of [0, 1]) {
    await card.getByRole('button', { name: 'Añadir' }).first().click();
    await card.locator('input[type=file]').nth(n).setInputFiles(PICTURE);
    await expect(card.getByLabel('Imagen (dirección)').nth(n)).toHaveValue(/^\/media\/[\w-]+\/\d+\.webp$/);
  }
  await checkAxe(page, 'landing section create');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/landing-sections$/);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Carrusel');

  // The preview opens the storefront's own landing (the demo shop's is off: the preview address shows
  // it all the same), where the carousel shows its title, its card and both pictures.
  await checkAxe(page, 'landing sections after the save');
  const [visitor] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Abrir la vista previa (nueva pestaña)' }).click(),
  ]);
  await expect(visitor).toHaveURL(`${STOREFRONT}/landing?preview`);
  await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Causa del día' })).toBeVisible();
  const pictures = visitor.locator('img[src^="/media/"]');
  await expect(pictures).toHaveCount(2);
  for (const picture of await pictures.all())
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await visitor.close();

  // Moving it up one place shows in the list's order.
  const before = await row.getByRole('cell').first().textContent();
  await row.getByRole('button', { name: `Subir ${title}` }).click();
  await expect(row.getByRole('cell').first()).toHaveText(String(Number(before) - 1));
});

test('an owner edits the terms with the editor; the storefront terms page shows the new text', async ({
  browser,
  page,
  request,
}) => {
  const words = `Condiciones de la casa ${digits(5)}`;
  await signInAdmin(page, 'dueno@demo.pe');
  await openFromMenu(page, 'Textos legales');
  await checkAxe(page, 'policy texts');
  const terms = page.getByRole('textbox', { name: 'Términos y condiciones' });
  await terms.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(`${words}. `);
  await page.getByRole('button', { name: 'Negrita' }).first().click();
  await page.keyboard.type('Rige desde hoy.');
  await expect(terms.locator('strong')).toHaveText('Rige desde hoy.');
  // A link: an unsafe address is refused in the dialog, a storefront page is taken.
  await page.getByRole('button', { name: 'Negrita' }).first().click();
  await page.keyboard.type(' Ver ');
  await page.getByRole('button', { name: 'Enlace' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Enlace' });
  await checkAxe(page, 'link dialog');
  await dialog.getByRole('textbox', { name: 'Dirección' }).fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Aplicar' }).click();
  await expect(dialog.getByText('Esa dirección no es segura')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Dirección' }).fill('/carta');
  await dialog.getByRole('button', { name: 'Aplicar' }).click();
  await expect(dialog).toBeHidden();
  await expect(terms.locator('a[href="/carta"]')).toHaveText('/carta');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Elemento actualizado')).toBeVisible();
  try {
    const context = await browser.newContext({ locale: 'es-PE' });
    const visitor = untilHydrated(await context.newPage());
    await visitor.goto(`${STOREFRONT}/terms-and-conditions`);
    await expect(visitor.getByRole('heading', { name: 'Términos y condiciones', level: 1 })).toBeVisible();
    await expect(visitor.getByText(words)).toBeVisible();
    await expect(visitor.locator('.tenant-html strong')).toHaveText('Rige desde hoy.');
    await expect(visitor.locator('.tenant-html a[href="/carta"]')).toHaveText('/carta');
    await context.close();
  } finally {
    // The demo app's terms go back to the built-in text for the other journeys.
    const owner = await ownerApi(request);
    await request.patch(`${owner.base}/site-content/`, {
      headers: owner.headers,
      data: { terms_and_conditions: '' },
    });
  }
});
