import { digits, expect, signIn as memberSignIn, newMember, test } from '../../web/e2e/support.ts';
import { ADMIN, checkAxe, ownerApi, signInAdmin } from './admin-support.ts';

// Places and cities on the admin site (issue 17): what an owner or manager changes there is what the
// storefront shows. At Yanahuara, whose existing delivery areas stay as they are (other journeys order
// there); the new area's district is this run's own.

test.use({ locale: 'es-PE', viewport: { width: 1024, height: 768 } });

test("an owner adds a delivery area with its fare, and the storefront's checkout charges it", async ({
  page,
  request,
}) => {
  // Five screens checked with axe, then a storefront checkout: longer than one journey's usual 30 s.
  test.slow();
  const district = `Sachaca ${digits(4)}`;
  await signInAdmin(page, 'dueno@demo.pe');
  await page.getByRole('menuitem', { name: 'Locales' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Yanahuara' })).toBeVisible();
  await checkAxe(page, 'places');
  await page.getByRole('row').filter({ hasText: 'Yanahuara' }).click();
  await expect(page.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Yanahuara');
  await checkAxe(page, 'place: details');
  for (const tab of ['Horario', 'Recojo', 'Pagos y envío']) {
    await page.getByRole('tab', { name: tab }).click();
    await checkAxe(page, `place: ${tab}`);
  }

  await page.getByRole('tab', { name: 'Reparto y tarifas' }).click();
  const zones = page.getByRole('textbox', { name: 'Nombre de la zona' });
  // Yanahuara has delivery areas: counted once they are on screen, not while the tab still loads.
  await expect(zones.first()).toBeVisible();
  const existing = await zones.count();
  await page.getByRole('button', { name: 'Añadir' }).click();
  await expect(zones).toHaveCount(existing + 1);
  await zones.last().fill('Sachaca');
  await page.getByRole('textbox', { name: 'Distritos' }).last().fill(district);
  await page.getByRole('textbox', { name: 'Tarifa (S/)' }).last().fill('11.5');
  await page.getByRole('spinbutton', { name: 'Tiempo de entrega (minutos)' }).last().fill('20');
  await checkAxe(page, 'place: delivery areas and fares');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Elemento actualizado')).toBeVisible();

  // A member at Yanahuara picks the new district at checkout and is charged its fare (on the
  // storefront's usual desktop screen).
  await page.setViewportSize({ width: 1280, height: 720 });
  await memberSignIn(page, await newMember(request));
  await page.goto('/products');
  await page.getByLabel('Ciudad').selectOption('area-arequipa');
  await page.getByLabel('Tienda', { exact: true }).selectOption('place-yanahuara');
  await page.getByRole('button', { name: 'Entradas' }).click();
  await page.getByRole('button', { name: /Causa limeña/ }).click();
  await page
    .getByRole('dialog', { name: 'Causa limeña' })
    .getByRole('button', { name: /Agregar/ })
    .click();
  await page.goto('/cart?step=checkout');
  const checkout = page.getByRole('form', { name: 'Finalizar pedido' });
  await checkout.getByLabel('Delivery', { exact: true }).check();
  await checkout.getByRole('combobox', { name: 'Distrito (área de delivery)' }).selectOption(district);
  await checkout.getByLabel('Dirección de entrega').fill('Av. Sachaca 100');
  await checkout.getByRole('button', { name: 'Calcular costo de envío' }).click();
  await expect(
    checkout.getByText('Costo de envío: S/ 11.50 · llega en ~20 min desde que la tienda acepte'),
  ).toBeVisible();
});

test('a manager edits a place and sees the cities; a wrong fare is refused beside its field', async ({
  page,
}) => {
  await signInAdmin(page, 'gerente@demo.pe');
  await page.getByRole('menuitem', { name: 'Locales' }).click();
  await page.getByRole('row').filter({ hasText: 'Cayma' }).click();
  const phone = `+51 54 ${digits(6)}`;
  await page.getByRole('textbox', { name: 'Teléfono' }).fill(phone);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Elemento actualizado')).toBeVisible();
  await page.getByRole('row').filter({ hasText: 'Cayma' }).click();
  await expect(page.getByRole('textbox', { name: 'Teléfono' })).toHaveValue(phone);

  // A distance rate without its price per km and maximum: the API's message beside each field, nothing saved.
  await page.getByRole('tab', { name: 'Reparto y tarifas' }).click();
  await page.getByRole('textbox', { name: 'Tarifa base por distancia (S/)' }).fill('4');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('La tarifa por distancia necesita tarifa base')).toHaveCount(2);

  await page.goto(`${ADMIN}/cities`);
  await expect(page.getByRole('row').filter({ hasText: 'Arequipa' })).toBeVisible();
  await checkAxe(page, 'cities');
  await page.getByRole('link', { name: 'Crear' }).click();
  await expect(page.getByRole('textbox', { name: 'Nombre' })).toBeVisible();
  await checkAxe(page, 'city: create');
});

test('a place that only delivers: its checkout offers delivery alone, and none when it has no method', async ({
  page,
  request,
}) => {
  // A city and a place of this run's own (the demo's cities keep their lists of places).
  const api = await ownerApi(request);
  const post = async (path: string, data: object) => {
    const res = await request.post(`${api.base}/${path}/`, { headers: api.headers, data });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  };
  const city = await post('cities', { name: `Cusco ${digits(5)}`, country_code: 'PE' });
  const place = await post('places', {
    name: 'Cusco Centro',
    city_uid: city.uid,
    delivery_zones: [{ name: 'Centro', districts: ['Cusco'], fare: '4.00', eta_minutes: 30 }],
    shipping_methods: ['DELIVERY'],
  });
  await post('availability', { place: place.uid, product: 'p-causa-limena' });

  await memberSignIn(page, await newMember(request));
  await page.goto('/products');
  await page.getByLabel('Ciudad').selectOption(city.uid);
  await page.getByLabel('Tienda', { exact: true }).selectOption(place.uid);
  await page.getByRole('button', { name: /Causa limeña/ }).click();
  await page
    .getByRole('dialog', { name: 'Causa limeña' })
    .getByRole('button', { name: /Agregar/ })
    .click();
  await page.goto('/cart?step=checkout');
  const checkout = page.getByRole('form', { name: 'Finalizar pedido' });
  await expect(checkout.getByLabel('Delivery', { exact: true })).toBeChecked();
  await expect(checkout.getByLabel('Recojo en tienda')).toHaveCount(0);

  const none = await request.patch(`${api.base}/places/${place.uid}/`, {
    headers: api.headers,
    data: { shipping_methods: [] },
  });
  expect(none.status(), await none.text()).toBe(200);
  await page.reload();
  await expect(checkout.getByRole('alert')).toHaveText('La tienda no tiene métodos de envío');
  await expect(checkout.getByRole('button', { name: 'Realizar pedido' })).toBeDisabled();
});
