import type { Page } from '@playwright/test';
import { digits, expect, test } from '../../web/e2e/support.ts';
import { ADMIN, checkAxe, ownerApi, signInAdmin } from './admin-support.ts';

// Every screen of the admin site on a tablet held upright (820×1180): the menu's lists, their create
// forms, an edit form with its option groups, a filter menu and the confirmation dialogs. None is wider
// than the screen, and axe finds nothing serious. The screens come from the menu itself, so a screen
// added later is walked too.

test.use({ locale: 'es-PE', viewport: { width: 820, height: 1180 } });

/** The screen has finished loading: no progress indicator, nothing in flight. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

/** Not wider than the screen: a table or a form pushing the page sideways. */
async function checkWidth(page: Page, screen: string) {
  await settled(page);
  const [scrolled, screenWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scrolled, `${screen}: ${scrolled} px wide on a ${screenWidth} px screen`).toBeLessThanOrEqual(
    screenWidth,
  );
}

/** Not wider than the screen, then axe. */
async function checkScreen(page: Page, screen: string) {
  await checkWidth(page, screen);
  await checkAxe(page, screen);
}

/** The menu's screens, as paths. */
async function menuPaths(page: Page): Promise<string[]> {
  const items = page.getByRole('menuitem');
  await expect(items.first()).toBeVisible();
  return items.evaluateAll((links) =>
    links.map((link) => link.getAttribute('href') ?? '').filter((href) => href.startsWith('/')),
  );
}

test('every admin screen fits a tablet and passes axe: lists, forms, a filter menu and dialogs', async ({
  page,
  request,
}) => {
  // A dozen screens, each checked by axe, on a loaded machine.
  test.setTimeout(180_000);
  // Set-up: a product sold at Miraflores, so that the audit log has lines with its longest uids
  // (`place-miraflores.<product uuid>`) whatever ran before.
  const api = await ownerApi(request);
  const created = await request.post(`${api.base}/products/`, {
    headers: api.headers,
    data: { title: `Tamal criollo ${digits(5)}`, price: '9.00' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const offered = await request.post(`${api.base}/availability/`, {
    headers: api.headers,
    data: { place: 'place-miraflores', product: (await created.json()).uid },
  });
  expect(offered.status(), await offered.text()).toBe(201);
  await signInAdmin(page, 'dueno@demo.pe');
  const paths = await menuPaths(page);
  expect(paths).toEqual(expect.arrayContaining(['/products', '/categories', '/availability', '/staff']));
  for (const path of paths) {
    await page.goto(`${ADMIN}${path}`);
    await checkScreen(page, path);
    const create = page.getByRole('link', { name: 'Crear' });
    if (await create.count()) {
      await create.click();
      await expect(page).toHaveURL(`${ADMIN}${path}/create`);
      await checkScreen(page, `${path}/create`);
    }
  }

  // The product form with an option group and an option open, the list's filter menu, the delete dialog.
  await page.goto(`${ADMIN}/products/p-lomo-saltado`);
  await expect(page.getByRole('textbox', { name: 'Nombre', exact: true })).toHaveValue('Lomo saltado');
  await checkScreen(page, 'product edit');
  await page.goto(`${ADMIN}/products/create`);
  await page.getByRole('button', { name: 'Añadir' }).first().click();
  const group = page.locator('[class*=RaSimpleFormIterator-line]').first();
  await group.getByRole('button', { name: 'Añadir' }).click();
  await expect(group.getByLabel('Opción')).toBeVisible();
  await checkScreen(page, 'product create with an option group');
  await page.goto(`${ADMIN}/products`);
  await page.getByRole('button', { name: 'Añadir filtro' }).click();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Categoría' })).toBeVisible();
  await checkScreen(page, 'products filter menu');
  await page.keyboard.press('Escape');
  await page.goto(`${ADMIN}/products/p-lomo-saltado`);
  await page.getByRole('button', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toBeVisible();
  await checkScreen(page, 'product delete dialog');
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toHaveCount(0);

  // A person's edit form and the revoke dialog (cancelled: the demo manager keeps the role).
  await page.goto(`${ADMIN}/staff`);
  await page.getByRole('cell', { name: 'gerente@demo.pe' }).click();
  await expect(page.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue('gerente@demo.pe');
  await checkScreen(page, 'staff edit');
  await page.getByRole('button', { name: 'Quitar acceso' }).click();
  const revoke = page.getByRole('dialog', { name: 'Quitar el acceso de gerente@demo.pe' });
  await expect(revoke).toBeVisible();
  await checkScreen(page, 'staff revoke dialog');
  await revoke.getByRole('button', { name: 'Cancelar' }).click();
  await expect(revoke).toHaveCount(0);

  // The user menu.
  await page.getByRole('button', { name: 'Perfil' }).click();
  await expect(page.getByRole('menuitem', { name: 'Cambiar de empresa' })).toBeVisible();
  await checkScreen(page, 'user menu');
});

test("a manager's screens fit a tablet and pass axe", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAdmin(page, 'gerente@demo.pe');
  const paths = await menuPaths(page);
  expect(paths).not.toContain('/staff');
  for (const path of paths) {
    await page.goto(`${ADMIN}${path}`);
    await checkScreen(page, `${path} (manager)`);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('no list or create form of the menu is wider than the phone', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAdmin(page, 'dueno@demo.pe');
    await page.getByRole('button', { name: 'Abrir el menú' }).click();
    const paths = await menuPaths(page);
    await page.keyboard.press('Escape');
    for (const path of paths) {
      await page.goto(`${ADMIN}${path}`);
      await checkWidth(page, path);
      const create = page.getByRole('link', { name: 'Crear' });
      if (await create.count()) {
        await create.click();
        await expect(page).toHaveURL(`${ADMIN}${path}/create`);
        await checkWidth(page, `${path}/create`);
      }
    }
  });
});
