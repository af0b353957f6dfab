import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import readXlsxFile from 'read-excel-file/node';
import { digits, expect, newMember, placePickupOrder, test } from './support.ts';

// Retail staff journey (issue 7): tienda@demo.pe at Miraflores finds socio@demo.pe by DNI, creates a
// customer at the counter, redeems a promotion, stamps, adds points, downloads the day's records, and
// runs the live order board for an order a member places from a second browser context.
//
// The writes go to a member created here rather than to socio@demo.pe: the program journeys, which may
// share this server, assert socio's exact stamps, points and first redemption.

const limaToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());

async function logIn(page: Page, email: string) {
  await page.goto('/no/such/page');
  await page.evaluate(() => {
    localStorage.setItem('cookie_ga', 'false');
    localStorage.setItem('cookie_guid', 'false');
  });
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill('Demo1234!');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

test('a staff member serves customers and runs the order board', { tag: '@phone' }, async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await logIn(page, 'tienda@demo.pe');
  // Staff land on their tools, though their own profile is incomplete (never on /complete-info).
  await expect(page).toHaveURL(/\/retail(\?|$)/);
  // The sidebar offers the staff tools to a staff member (GET v5/me/ answers is_staff).
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expect(page.getByRole('link', { name: 'Herramientas de tienda' })).toHaveAttribute('href', '/retail');
  await page.goto('/retail');
  await page.getByRole('combobox', { name: 'Tienda' }).selectOption('place-miraflores');

  // socio@demo.pe by DNI: the card with the program and usable promotions.
  await page.getByLabel('Buscar por').selectOption('NATIONAL_ID');
  await page.getByLabel('Valor').fill('44556677');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  const socio = page.getByRole('article', { name: 'Lucía Quispe' });
  await expect(socio).toBeVisible();
  await expect(socio.getByRole('region', { name: 'Club Sabores' })).toBeVisible();
  await expect(socio.getByRole('heading', { name: 'Promociones disponibles' })).toBeVisible();

  // A phone nobody has, then a customer created at the counter.
  await page.getByLabel('Buscar por').selectOption('MOBILE_PHONE');
  await page.getByLabel('Valor').fill('911000000');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'El cliente no está registrado o no tiene promociones' }),
  ).toBeVisible();

  const dni = digits(8);
  await page.getByRole('button', { name: 'Crear usuario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crear usuario' });
  await dialog.getByRole('button', { name: 'Crear usuario' }).click();
  await expect(dialog.getByText('Este campo es requerido').first()).toBeVisible();
  await dialog.getByLabel('Número de documento').fill(dni);
  await dialog.getByLabel('Nombres').fill('Rosa');
  await dialog.getByLabel('Apellidos').fill('Mostrador');
  await dialog.getByLabel('Correo electrónico').fill(`e2e-counter-${dni}@demo.pe`);
  await dialog.getByRole('button', { name: 'Crear usuario' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('article', { name: 'Rosa Mostrador' });
  await expect(card).toBeVisible();

  // Found by DNI again, then redeem, stamp and add points.
  await page.getByLabel('Buscar por').selectOption('NATIONAL_ID');
  await page.getByLabel('Valor').fill(dni);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Canjear: Chicha morada de bienvenida' }).click();
  await page
    .getByRole('alertdialog', { name: '¿Canjear Chicha morada de bienvenida?' })
    .getByRole('button', { name: 'Sí, canjear' })
    .click();
  await expect(page.getByText('Promoción canjeada: Chicha morada de bienvenida')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Canjear: Chicha morada de bienvenida' })).toHaveCount(0);

  await expect(card.getByTestId('stamps')).toHaveText('0 de 6');
  // Issue 28 item 10: a stamp is asked first; "No" stamps nothing.
  await card.getByRole('button', { name: 'Sellar' }).click();
  const asked = page.getByRole('alertdialog', { name: '¿Sellar la tarjeta de Rosa?' });
  await expect(asked).toContainText('tendrá 1 de 6 sellos');
  await asked.getByRole('button', { name: 'No, volver' }).click();
  await expect(card.getByTestId('stamps')).toHaveText('0 de 6');
  await card.getByRole('button', { name: 'Sellar' }).click();
  await asked.getByRole('button', { name: 'Sí, sellar' }).click();
  await expect(card.getByTestId('stamps')).toHaveText('1 de 6');

  await card.getByRole('button', { name: 'Agregar puntos' }).click();
  const points = page.getByRole('dialog', { name: /Agregar puntos/ });
  await points.getByLabel('Cantidad de puntos').fill('0');
  await points.getByRole('button', { name: 'Agregar', exact: true }).click();
  await expect(points.getByText('El monto debe ser mayor a 0')).toBeVisible();
  await expect(points.getByText('Ingrese una descripción')).toBeVisible();
  await points.getByLabel('Cantidad de puntos').fill('15');
  await points.getByLabel('Descripción').fill('Visita de cumpleaños');
  await points.getByRole('button', { name: 'Agregar', exact: true }).click();
  await expect(points).toBeHidden();
  await expect(card.getByTestId('points')).toHaveText('15');

  // The day's records: both choices required, then shown and downloaded.
  await page.getByRole('tab', { name: 'Registro de canjes' }).click();
  const records = page.getByRole('tabpanel');
  await records.getByLabel('Fecha').fill('');
  await records.getByRole('button', { name: 'Ver registros' }).click();
  await expect(records.getByText('Se debe elegir una fecha y una tienda')).toBeVisible();
  await records.getByLabel('Fecha').fill(limaToday());
  await records.getByRole('button', { name: 'Ver registros' }).click();
  await expect(records.getByRole('cell', { name: dni })).toBeVisible();

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    records.getByRole('button', { name: 'Descargar CSV' }).click(),
  ]);
  const text = (await readFile(await csv.path())).toString('utf8').replace(/^\uFEFF/, '');
  const rows = text
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));
  expect(rows[0]).toEqual(expect.arrayContaining(['Promoción', 'Documento']));
  const mine = rows.find((row) => row.includes(dni));
  expect(mine).toEqual(expect.arrayContaining(['Chicha morada de bienvenida', 'tienda@demo.pe']));

  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    records.getByRole('button', { name: 'Descargar Excel' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const [sheet] = await readXlsxFile(await readFile(await xlsx.path()));
  expect(sheet?.data.some((row) => row.includes(dni))).toBe(true);

  // The order board, live: a member orders from another browser context.
  await page.getByRole('tab', { name: 'Pedidos' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible();
  const memberContext = await browser.newContext();
  const member = await newMember(memberContext.request);
  const order = await placePickupOrder(memberContext.request, member, {
    place: 'place-miraflores',
    units: 1,
  });

  await expect(page.getByRole('alert').filter({ hasText: `Nuevo pedido #${order.number}` })).toBeVisible({
    timeout: 2000,
  });
  const ticket = page.getByRole('article', { name: `Pedido #${order.number}` });
  await ticket.getByRole('button', { name: 'Aceptar pedido' }).click();
  await expect(
    page.getByRole('region', { name: 'Aceptado' }).getByRole('article', { name: `Pedido #${order.number}` }),
  ).toBeVisible();
  await ticket.getByRole('button', { name: 'Pedido entregado' }).click();
  await expect(ticket).toHaveCount(0);

  const seen = await memberContext.request.get(`/api/v5/me/orders/${order.uid}/`, {
    headers: { Authorization: `Token ${member.token}` },
  });
  expect((await seen.json()).status).toBe('DELIVERED');
  await memberContext.close();
});
