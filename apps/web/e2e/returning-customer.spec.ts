import { axeViolations, chooseSlot, expect, newMember, pickupBody, signIn, test } from './support.ts';

// Issue 30 items 1, 2 and 5 on a phone: a returning member reorders a past delivery and checks it out
// to a saved address in at most 5 taps; the checkout and the order page say when it arrives. A tap is
// one action on a control: a click, a radio, one choice in a list.

const PLACE = 'place-miraflores';

test.use({ viewport: { width: 390, height: 844 } });

test('a returning member reorders and checks out with a saved address in at most 5 taps', {
  tag: '@phone',
}, async ({ page, request }) => {
  const member = await newMember(request);
  const headers = { Authorization: `Token ${member.token}` };
  for (const address of [
    { label: 'Oficina', district: 'San Isidro', address: 'Calle Las Begonias 450' },
    { label: 'Casa', district: 'Miraflores', address: 'Av. Larco 123', reference: 'Frente al parque' },
  ]) {
    const saved = await request.post('/api/v5/me/addresses/', { headers, data: address });
    expect(saved.status(), await saved.text()).toBe(201);
  }
  // Last week's delivery to home: two Lomo saltado.
  const body = await pickupBody(request, member, { place: PLACE, units: 2 });
  const before = await request.post(`/api/v5/places/${PLACE}/orders/`, {
    headers,
    data: { ...body, order_type: 'DELIVERY', district: 'Miraflores', address: 'Av. Larco 123' },
  });
  expect(before.status(), await before.text()).toBe(201);
  const past = (await before.json()) as { uid: string; number: number };

  await signIn(page, member);
  await page.goto('/orders');
  let taps = 0;
  const tap = async (action: Promise<unknown>) => {
    await action;
    taps += 1;
  };

  await tap(page.getByRole('button', { name: `Pedir de nuevo el pedido #${past.number}` }).click());
  await expect(page).toHaveURL(/\/cart\?step=checkout$/);
  const checkout = page.locator('form.checkout');
  // The last saved address is chosen, its fare and delivery time asked for already.
  await expect(checkout.getByRole('radio', { name: /Casa/ })).toBeChecked();
  await expect(
    checkout.getByText('Costo de envío: S/ 5.00 · llega en ~30 min desde que la tienda acepte'),
  ).toBeVisible();
  await expect(page.getByTestId('checkout-subtotal')).toHaveText('S/ 70.00');

  await tap(checkout.getByLabel('Fecha', { exact: true }).selectOption({ index: 1 }));
  const slot = checkout.getByLabel('Horario', { exact: true });
  await expect(slot.locator('option')).not.toHaveCount(1);
  await tap(slot.selectOption({ index: 1 }));
  await tap(checkout.getByRole('radio', { name: 'Efectivo' }).check());
  await expect(page.getByTestId('checkout-total')).toHaveText('S/ 75.00');
  expect(await axeViolations(page)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await tap(checkout.getByRole('button', { name: 'Realizar pedido' }).click());

  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  expect(taps).toBeLessThanOrEqual(5);
  await expect(page.locator('.order-facts')).toContainText('Av. Larco 123 · Miraflores · Frente al parque');
  await expect(page.getByTestId('order-eta')).toHaveText(
    'Llega en ~30 min desde que la tienda acepte tu pedido',
  );
  await expect(page.getByTestId('order-total')).toHaveText('S/ 75.00');
  expect(await axeViolations(page)).toEqual([]);
});

test('a first delivery saves the typed address on request, and the profile then lists it', {
  tag: '@phone',
}, async ({ page, request }) => {
  const member = await newMember(request);
  const headers = { Authorization: `Token ${member.token}` };
  const body = await pickupBody(request, member, { place: PLACE, units: 1 });
  const before = await request.post(`/api/v5/places/${PLACE}/orders/`, { headers, data: body });
  const past = (await before.json()) as { number: number };
  await signIn(page, member);
  await page.goto('/orders');
  await page.getByRole('button', { name: `Pedir de nuevo el pedido #${past.number}` }).click();
  const checkout = page.locator('form.checkout');
  await checkout.getByLabel('Delivery', { exact: true }).check();
  // No saved address yet: the typed fields, and the choice to keep them.
  await expect(checkout.getByRole('radio', { name: 'Otra dirección' })).toHaveCount(0);
  await checkout.getByRole('combobox', { name: 'Distrito (área de delivery)' }).selectOption('Miraflores');
  await checkout.getByLabel('Dirección de entrega').fill('Calle Berlín 120');
  await checkout.getByLabel('Referencia').fill('Casa blanca');
  await checkout.getByRole('button', { name: 'Calcular costo de envío' }).click();
  await checkout.getByRole('checkbox', { name: 'Guardar esta dirección' }).check();
  await checkout.getByLabel('Nombre de la dirección (Casa, Oficina…)').fill('Depa');
  await chooseSlot(page);
  await checkout.getByRole('radio', { name: 'Efectivo' }).check();
  await checkout.getByRole('button', { name: 'Realizar pedido' }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Guardamos tu dirección para la próxima vez')).toBeVisible();

  await page.goto('/profile');
  const addresses = page.getByRole('region', { name: 'Mis direcciones' });
  await expect(addresses.getByText('Depa')).toBeVisible();
  await expect(addresses.getByText('Calle Berlín 120, Miraflores')).toBeVisible();
  await expect(addresses.getByText('Casa blanca')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
