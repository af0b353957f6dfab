import type { Page } from '@playwright/test';
import { digits, expect, newMember, placePickupOrder, test } from '../../web/e2e/support.ts';
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

/**
 * Every button shows its words or its icon, within the screen. react-admin's Button drops its words below 600 px and keeps
 * only its icon: one without an icon is an empty square on a phone (a dialog's "Save", an order's move).
 */
async function checkButtons(page: Page, screen: string) {
  const blank = await page.getByRole('button').evaluateAll((buttons) =>
    buttons
      // Seen on the page: not a visually hidden file input (1 px), nor a skip link moved off-screen.
      .filter((button) => {
        const box = button.getBoundingClientRect();
        return button.checkVisibility() && box.width > 1 && box.height > 1 && box.bottom > 0 && box.right > 0;
      })
      // A file input draws its own words ("Choose file").
      .filter((button) => button.tagName !== 'INPUT' && !(button as HTMLElement).innerText.trim())
      .filter((button) => !button.querySelector('svg, img'))
      .map((button) => button.getAttribute('aria-label') ?? button.outerHTML.slice(0, 80)),
  );
  expect(blank, `${screen}: buttons that show nothing`).toEqual([]);
  // Nor is one cut off at the screen's edge (a row of tools wider than a phone), tables apart: they scroll.
  const cut = await page.getByRole('button').evaluateAll((buttons) =>
    buttons
      .filter((button) => button.checkVisibility() && !button.closest('table'))
      .filter((button) => {
        const box = button.getBoundingClientRect();
        return box.width > 1 && box.bottom > 0 && (box.right > window.innerWidth + 1 || box.left < -1);
      })
      .map((button) => (button as HTMLElement).innerText.trim() || button.getAttribute('aria-label')),
  );
  expect(cut, `${screen}: buttons past the screen's edge`).toEqual([]);
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
  // Some thirty screens, each checked by axe, on a loaded machine.
  test.setTimeout(240_000);
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
  expect(paths).toContain('/dashboard');
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

  // A raffle with its draw panel and registrations, its draw confirmation (cancelled), a poll's questions
  // and its results' charts, an event and an ad.
  await page.goto(`${ADMIN}/raffles/raffle-aniversario`);
  await expect(page.getByRole('heading', { name: 'Sorteo', level: 2 })).toBeVisible();
  await checkScreen(page, 'raffle edit');
  await page.getByRole('button', { name: 'Sortear ganadores' }).click();
  const draw = page.getByRole('dialog');
  await expect(draw).toBeVisible();
  await checkScreen(page, 'raffle draw dialog');
  await draw.getByRole('button', { name: 'Cancelar' }).click();
  await expect(draw).toHaveCount(0);
  for (const [path, screen] of [
    ['/polls/poll-satisfaccion', 'poll edit'],
    ['/polls/poll-satisfaccion/show', 'poll results'],
    ['/events/event-feria', 'event edit'],
    ['/ads/ad-club-1', 'ad edit'],
  ] as const) {
    await page.goto(`${ADMIN}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await checkScreen(page, screen);
  }

  // A landing carousel's form with a card and its picture open, and a section's edit form.
  await page.goto(`${ADMIN}/landing-sections/create`);
  await page.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: 'Carrusel' }).click();
  await page.getByRole('button', { name: 'Añadir' }).click();
  const card = page
    .locator('li')
    .filter({ has: page.getByRole('textbox', { name: 'Subtítulo' }) })
    .first();
  await card.getByRole('button', { name: 'Añadir' }).first().click();
  await expect(card.getByLabel('Imagen (dirección)')).toBeVisible();
  await checkScreen(page, 'landing carousel create with a card and a picture');
  await page.goto(`${ADMIN}/landing-sections/demo-l-bienvenida`);
  await expect(page.getByRole('textbox', { name: 'Título', exact: true }).first()).toHaveValue(
    'Bienvenido a Demo',
  );
  await checkScreen(page, 'landing section edit');

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
      await checkButtons(page, path);
      const create = page.getByRole('link', { name: 'Crear' });
      if (await create.count()) {
        await create.click();
        await expect(page).toHaveURL(`${ADMIN}${path}/create`);
        await checkWidth(page, `${path}/create`);
        await checkButtons(page, `${path}/create`);
      }
    }
  });

  test("the actions of a record and of the dialogs show their words: an order's moves, a member's adjustment, the import", async ({
    page,
    request,
  }) => {
    test.slow();
    const order = await placePickupOrder(request, await newMember(request), {
      place: 'place-miraflores',
      units: 1,
    });
    await signInAdmin(page, 'dueno@demo.pe');
    await page.goto(`${ADMIN}/companies`);
    await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toHaveText(/cerrar sesión/i);
    await checkButtons(page, 'company picker');

    await page.goto(`${ADMIN}/orders/${order.uid}/show`);
    await expect(page.getByRole('button', { name: 'Aceptar pedido' })).toHaveText(/aceptar pedido/i);
    await checkButtons(page, 'order detail');

    await page.goto(`${ADMIN}/members`);
    await page.getByRole('cell', { name: 'socio@demo.pe' }).click();
    await page.getByRole('button', { name: 'Ajustar saldo' }).click();
    const adjust = page.getByRole('dialog');
    await expect(adjust.getByRole('button', { name: 'Guardar ajuste' })).toBeVisible();
    await checkButtons(page, 'member adjustment dialog');
    await checkWidth(page, 'member adjustment dialog');
    await adjust.getByRole('button', { name: 'Cancelar' }).click();
    await checkButtons(page, 'member');

    await page.goto(`${ADMIN}/products`);
    await page.getByRole('button', { name: 'Importar' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await checkButtons(page, 'products import dialog');
  });
});
