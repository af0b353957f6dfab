import { expect, joinProgram, newMember, signIn, test, untilHydrated } from '../../web/e2e/support.ts';
import { checkAxe, signInAdmin, tokenOf } from './admin-support.ts';

// Members in the admin site (issue 18): an owner finds the demo member by e-mail and adds coins with a
// reason, and the member's program page shows them; a blocked member's redemption at the counter is
// refused. The demo member is shared by the journeys running in parallel, so the one blocked is a member
// of this journey's own (blocking socio@demo.pe would refuse the other journeys' redemptions meanwhile).

test.use({ locale: 'es-PE', viewport: { width: 1024, height: 768 } });

const coinsOf = async (request: Parameters<typeof tokenOf>[0], token: string) => {
  const res = await request.get('/api/v5/me/programs/demo-club/', {
    headers: { Authorization: `Token ${token}` },
  });
  return (await res.json()).coins as number;
};

test('an owner finds socio@demo.pe by e-mail, adds 50 coins with a reason, and the member sees them', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const member = await tokenOf(request, 'socio@demo.pe');
  const before = await coinsOf(request, member);
  await signInAdmin(page, 'dueno@demo.pe');
  await page.getByRole('menuitem', { name: 'Socios' }).click();
  await expect(page.getByRole('heading', { name: 'Socios' })).toBeVisible();
  await checkAxe(page, 'members');
  await page.getByRole('textbox', { name: 'Correo, documento o teléfono' }).fill('socio@demo.pe');
  // react-admin applies a typed search after a pause, and that navigation would bring a row opened
  // before it back to the list: wait until the search is the list's.
  await expect(page).toHaveURL(/filter=.*socio/);
  await expect(page.getByRole('cell', { name: 'socio@demo.pe' })).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.getByRole('cell', { name: 'socio@demo.pe' }).click();
  await expect(page.getByRole('heading', { name: 'Lucía Quispe' })).toBeVisible();
  await expect(page.getByTestId('membership-demo-club').getByTestId('coins')).toHaveText(String(before));
  await expect(page.getByRole('heading', { name: 'Movimientos' })).toBeVisible();
  await checkAxe(page, 'member');

  await page.getByRole('button', { name: 'Ajustar saldo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajustar saldo' });
  await dialog.getByRole('textbox', { name: 'Cantidad' }).fill('50');
  // The reason is required: without it nothing is sent.
  await dialog.getByRole('button', { name: 'Guardar ajuste' }).click();
  await expect(dialog.getByText('Escribe el motivo (al menos 3 caracteres).')).toBeVisible();
  await checkAxe(page, 'adjust dialog');
  await dialog.getByRole('textbox', { name: 'Motivo' }).fill('Compensación por un pedido demorado');
  await dialog.getByRole('button', { name: 'Guardar ajuste' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('membership-demo-club').getByTestId('coins')).toHaveText(String(before + 50));
  await expect(page.getByRole('cell', { name: 'Ajuste: Compensación por un pedido demorado' })).toBeVisible();

  // The member's program page on the storefront.
  const storefront = untilHydrated(await browser.newPage());
  await signIn(storefront, { token: member });
  await storefront.goto('/program/demo-club');
  await expect(storefront.getByTestId('program-coins')).toHaveText(String(before + 50));
  await storefront.close();
});

test('an owner blocks a member, and the counter cannot redeem a promotion for them', async ({
  page,
  request,
}) => {
  test.slow();
  const member = await newMember(request);
  await joinProgram(request, member);
  const staff = await tokenOf(request, 'tienda@demo.pe');
  const me = await (
    await request.get('/api/v5/me/', { headers: { Authorization: `Token ${member.token}` } })
  ).json();
  const redeem = () =>
    request.post('/api/v5/retail/redemptions/', {
      headers: { Authorization: `Token ${staff}` },
      data: { place: 'place-miraflores', member: me.uid, promotion: 'promo-08' },
    });

  await signInAdmin(page, 'dueno@demo.pe');
  await page.getByRole('menuitem', { name: 'Socios' }).click();
  await page.getByRole('textbox', { name: 'Correo, documento o teléfono' }).fill(member.email);
  await expect(page).toHaveURL(/filter=.*e2e-/);
  await page.getByRole('cell', { name: member.email }).click();
  await page.getByRole('button', { name: 'Bloquear' }).click();
  const confirm = page.getByRole('dialog', { name: 'Bloquear a Prueba Socia' });
  await expect(confirm).toContainText('no podrá ganar ni canjear');
  await checkAxe(page, 'block confirm');
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Socio bloqueado')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Desbloquear' })).toBeVisible();

  const refused = await redeem();
  expect(refused.status()).toBe(400);
  expect((await refused.json()).non_field_errors).toEqual([
    'Tu cuenta está bloqueada en este programa de beneficios. Comunícate con el negocio.',
  ]);

  await page.getByRole('button', { name: 'Desbloquear' }).click();
  await page
    .getByRole('dialog', { name: 'Desbloquear a Prueba Socia' })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  await expect(page.getByRole('button', { name: 'Bloquear' })).toBeVisible();
  expect((await redeem()).status()).toBe(201);
});

test('an owner edits the program rules; levels out of order are refused beside the field', async ({
  page,
  request,
}) => {
  test.slow();
  await signInAdmin(page, 'dueno@demo.pe');
  await page.getByRole('menuitem', { name: 'Programas' }).click();
  await checkAxe(page, 'programs');
  await page.getByRole('cell', { name: 'Club Sabores' }).click();
  await expect(page.getByLabel('Monedas por S/ 1 gastado')).toHaveValue('1');
  await checkAxe(page, 'program edit');
  await page.getByLabel('Las monedas vencen a los (días)').fill('400');
  // A fourth level below the third: the form says why beside the levels, and nothing is saved.
  await page.getByRole('button', { name: 'Añadir' }).click();
  await page.getByRole('textbox', { name: 'Nivel' }).last().fill('Diamante');
  await page.getByRole('spinbutton', { name: 'Desde puntos' }).last().fill('100');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(
    page.getByText('Los niveles deben ir de menos a más puntos, sin repetir puntos ni nombres.'),
  ).toBeVisible();
  expect((await (await request.get('/api/v5/programs/demo-club/')).json()).levels).toHaveLength(3);
  // The row's remove button shows on hover.
  const diamante = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('textbox', { name: 'Nivel' }) })
    .last();
  await diamante.hover();
  await diamante.getByRole('button', { name: 'Quitar' }).click();
  await expect(page.getByRole('textbox', { name: 'Nivel' })).toHaveCount(3);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Elemento actualizado')).toBeVisible();
  const program = await (await request.get('/api/v5/programs/demo-club/')).json();
  expect(program.levels).toHaveLength(3);
});
