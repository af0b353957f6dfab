import { earnCoins, expect, newMember, presetCookieChoice, signIn, test, untilHydrated } from './support.ts';

// Issue 14 item 1: a promotion bought with coins in the app is consumed at the counter, found by DNI,
// without a second charge.

test('a promotion bought in the app is redeemed at the counter by DNI, its coins charged once', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  // 3 × S/ 35 delivered: 105 coins.
  const member = await newMember(request);
  await earnCoins(request, member, 3);
  const me = await request.get('/api/v5/me/', { headers: { Authorization: `Token ${member.token}` } });
  const { document_number: dni } = await me.json();

  // The member buys "Postre por 100 monedas" in the app: 105 → 5 coins, a code and its QR.
  await signIn(page, member);
  await page.goto('/program/demo-club#promotions');
  await expect(page.getByTestId('program-coins')).toHaveText('105');
  await page.getByRole('button', { name: 'Ver promoción: Postre por 100 monedas' }).click();
  const dialog = page.getByRole('dialog', { name: 'Postre por 100 monedas' });
  // Issue 28 item 10: the tap asks first, with the price and the balance after; "No" spends nothing.
  await dialog.getByRole('button', { name: 'Canjear por 100 monedas' }).click();
  await expect(dialog.getByText('Cuesta 100 monedas: te quedarán 5.')).toBeVisible();
  await dialog.getByRole('button', { name: 'No, volver' }).click();
  await expect(page.getByTestId('program-coins')).toHaveText('105');
  await dialog.getByRole('button', { name: 'Canjear por 100 monedas' }).click();
  const purchase = page.waitForRequest((sent) => sent.url().endsWith('/purchase/'));
  await dialog.getByRole('button', { name: 'Sí, canjear' }).click();
  expect((await purchase).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  const bought = dialog.getByText(/^¡Compra realizada! Muestra el código [A-Z0-9]{10} en el local/);
  await expect(bought).toBeVisible();
  await expect(
    dialog.getByRole('img', { name: 'Código QR de la promoción Postre por 100 monedas' }),
  ).toBeVisible();
  const code = /código ([A-Z0-9]{10})/.exec((await bought.textContent()) ?? '')?.[1];
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page.getByTestId('program-coins')).toHaveText('5');

  // The cashier finds the member by DNI and presses Canjear on that promotion.
  const counter = untilHydrated(await browser.newPage());
  await presetCookieChoice(counter);
  await counter.goto('/login');
  await counter.getByLabel('Correo electrónico').fill('tienda@demo.pe');
  await counter.getByLabel('Contraseña', { exact: true }).fill('Demo1234!');
  await counter.getByRole('button', { name: 'Ingresar' }).click();
  await expect(counter).not.toHaveURL(/\/login/);
  await counter.goto('/retail');
  await counter.getByRole('combobox', { name: 'Tienda' }).selectOption('place-miraflores');
  await counter.getByLabel('Buscar por').selectOption('NATIONAL_ID');
  await counter.getByLabel('Valor').fill(dni);
  await counter.getByRole('button', { name: 'Buscar', exact: true }).click();
  const card = counter.getByRole('article', { name: 'Prueba Socia' });
  await expect(card.getByTestId('coins')).toHaveText('5');
  const postre = card.getByRole('listitem').filter({ hasText: 'Postre por 100 monedas' });
  await expect(postre.getByText('Comprada en la app: se canjea sin cobrar monedas')).toBeVisible();
  await counter.screenshot({ path: test.info().outputPath('counter-before.png'), fullPage: true });
  await postre.getByRole('button', { name: 'Canjear: Postre por 100 monedas' }).click();
  const asked = counter.getByRole('alertdialog', { name: '¿Canjear Postre por 100 monedas?' });
  await expect(asked).toContainText('No se cobran monedas.');
  await asked.getByRole('button', { name: 'Sí, canjear' }).click();
  await expect(counter.getByText('Promoción canjeada: Postre por 100 monedas')).toBeVisible();
  // Charged once: still 5 coins, and the bought code is the one used.
  await expect(card.getByTestId('coins')).toHaveText('5');
  await expect(postre.getByText('Comprada en la app', { exact: false })).toHaveCount(0);
  const program = await request.get('/api/v5/me/programs/demo-club/', {
    headers: { Authorization: `Token ${member.token}` },
  });
  expect((await program.json()).coins).toBe(5);
  const used = await request.get('/api/v5/me/programs/demo-club/redemptions/', {
    headers: { Authorization: `Token ${member.token}` },
  });
  expect((await used.json()).results).toEqual([
    expect.objectContaining({ code, status: 'REDEEMED', place: 'place-miraflores', coins_spent: 100 }),
  ]);
  await counter.close();
});
