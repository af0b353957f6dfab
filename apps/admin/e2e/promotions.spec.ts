import type { Locator, Page } from '@playwright/test';
import {
  digits,
  expect,
  joinProgram,
  signIn as memberSignIn,
  newMember,
  test,
  untilHydrated,
} from '../../web/e2e/support.ts';
import { ADMIN, checkAxe, localDateTime, PASSWORD, signInAdmin, tokenOf } from './admin-support.ts';

// Issue 18's promotion journey: an owner creates on the admin site a promotion limited to one use per
// member with 2 in stock; on the storefront two members get it and a third is refused.

test.use({ locale: 'es-PE', viewport: { width: 1024, height: 768 } });

/** Takes the open promotion as a member does: "Canjear ahora" (free), then the confirmation. */
async function take(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Canjear ahora' }).click();
  await dialog.getByRole('button', { name: 'Sí, canjear' }).click();
}

/** The member opens the promotion on the program page and takes it. */
async function redeem(page: Page, member: { token: string }, uid: string, title: string) {
  await memberSignIn(page, member);
  await page.goto(`/program/demo-club?promotion=${uid}#promotions`);
  const dialog = page.getByRole('dialog', { name: title });
  await take(dialog);
  return dialog;
}

test('an owner creates a promotion of one use per member with 2 in stock; two members get it, the third is refused', async ({
  browser,
  page,
  request,
}) => {
  // The admin screens, each checked by axe, then three members on the storefront.
  test.slow();
  const title = `Causa de regalo ${digits(5)}`;
  await signInAdmin(page, 'dueno@demo.pe');
  await page.getByRole('menuitem', { name: 'Promociones' }).click();
  await expect(page).toHaveURL(`${ADMIN}/promotions`);
  await checkAxe(page, 'promotions');
  await page.getByRole('link', { name: 'Crear' }).click();
  await page.getByRole('textbox', { name: 'Título' }).fill(title);
  await page.getByLabel('Descuento (%)').fill('100');
  await page.getByLabel('Stock total').fill('2');
  await page.getByLabel('Límite por socio').fill('1');
  await page.getByLabel('Destacada').check();
  await page.getByLabel('Válida hasta').fill(localDateTime(new Date(Date.now() + 30 * 86_400_000)));
  // The preview is the member's card, as the form is now.
  const preview = page.getByTestId('promotion-preview');
  await expect(preview).toContainText(title);
  await expect(preview).toContainText('100% de descuento');
  await expect(preview).toContainText('Gratis');
  await expect(preview).toContainText('Quedan 2');
  await expect(preview).toContainText('Destacada');
  await checkAxe(page, 'promotion create');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(new RegExp(`${ADMIN}/promotions/[0-9a-f-]{36}$`));
  const uid = page.url().split('/').at(-1) as string;
  await expect(page.getByText('Los socios ya tomaron 0: el stock total no puede ser menor.')).toBeVisible();
  await checkAxe(page, 'promotion edit');

  // Three members on the storefront, each in a browser of their own.
  const second = await newMember(request);
  const third = await newMember(request);
  await joinProgram(request, second);
  await joinProgram(request, third);
  const members = [{ token: await tokenOf(request, 'socio@demo.pe') }, second, third];
  const contexts = [];
  const dialogs: Locator[] = [];
  for (const member of members) {
    const context = await browser.newContext({ locale: 'es-PE' });
    contexts.push(context);
    const dialog = await redeem(untilHydrated(await context.newPage()), member, uid, title);
    dialogs.push(dialog);
    if (dialogs.length < 3) await expect(dialog.getByText(/^¡Compra realizada!/)).toBeVisible();
  }
  const [first, , last] = dialogs as [Locator, Locator, Locator];
  await expect(last.getByRole('alert')).toHaveText('Se agotó el stock de esta promoción');
  // One use per member: the first member cannot take it again either.
  await take(first);
  await expect(first.getByRole('alert')).toHaveText('Esta promoción ya fue utilizada');
  for (const context of contexts) await context.close();

  // The admin list shows both units taken and none left; lowering the total below them is refused.
  await page.reload();
  await expect(page.getByText('Los socios ya tomaron 2: el stock total no puede ser menor.')).toBeVisible();
  await page.getByLabel('Stock total').fill('1');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Ya se tomaron 2 unidades: el stock total no puede ser menor.')).toBeVisible();

  // The owner's numbers: today's dashboard counts the two units taken, bought in the app.
  await page.getByRole('menuitem', { name: 'Tablero' }).click();
  await page.getByRole('button', { name: 'Hoy' }).click();
  const today = await page.getByLabel('Hasta').inputValue();
  await expect(page.getByLabel('Desde')).toHaveValue(today);
  const redemptions = page.getByRole('table', { name: 'Canjes por promoción' });
  await expect(redemptions.getByRole('row').filter({ hasText: title }).getByRole('cell')).toHaveText([
    title,
    '0',
    '2',
    '2',
  ]);
  await checkAxe(page, 'dashboard');
});

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('a manager creates a coupon with its share links, issues a batch of gift cards and voids one, which the storefront then refuses', async ({
    page,
    request,
  }) => {
    test.slow();
    const code = `SUMMER${digits(5)}`;
    await page.goto(`${ADMIN}/`);
    await page.getByLabel('Email').fill('gerente@demo.pe');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: /Sabores Demo/ }).click();

    await page.getByRole('menuitem', { name: 'Coupons' }).click();
    await expect(page.getByRole('cell', { name: 'BIENVENIDA' })).toBeVisible();
    await checkAxe(page, 'coupons (en)');
    await page.getByRole('link', { name: 'Create' }).click();
    await page.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
    await page.getByLabel('Influencer').fill('lucia');
    await page.getByRole('textbox', { name: 'Discount', exact: true }).fill('10');
    await checkAxe(page, 'coupon create (en)');
    await page.getByRole('button', { name: 'Save' }).click();
    // Kept in upper case, with the links to share.
    await expect(
      page.getByRole('link', { name: new RegExp(`/company/demo-main/code/${code}/$`) }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /\/in\/lucia\/$/ })).toBeVisible();
    await expect(page.getByTestId('coupon-uses')).toHaveText(
      "Used 0 times · 0 orders came through the influencer's link",
    );
    await checkAxe(page, 'coupon edit (en)');

    await page.getByRole('menuitem', { name: 'Gift cards' }).click();
    await page.getByRole('button', { name: 'Issue a batch' }).click();
    const batch = page.getByRole('dialog', { name: 'Issue a batch' });
    await batch.getByLabel('Amount (S/)').fill('15');
    await batch.getByLabel('How many').fill('3');
    await batch.getByLabel('Prefix').fill('e2e');
    await checkAxe(page, 'gift card batch (en)');
    await batch.getByRole('button', { name: 'Issue' }).click();
    const codes = batch.getByRole('list', { name: 'Codes issued' }).getByRole('listitem');
    await expect(codes).toHaveCount(3);
    const giftCode = (await codes.first().textContent()) ?? '';
    expect(giftCode).toMatch(/^E2E-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await batch.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('cell', { name: giftCode }).click();
    await expect(page.getByRole('list', { name: 'History' })).toContainText('Issued');
    await checkAxe(page, 'gift card (en)');
    await page.getByRole('button', { name: 'Void' }).click();
    await checkAxe(page, 'void confirmation (en)');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('list', { name: 'History' })).toContainText('Voided');
    await expect(page.getByRole('button', { name: 'Void' })).toHaveCount(0);

    const member = await newMember(request);
    const refused = await request.post('/api/v5/me/gift-cards/redeem/', {
      headers: { Authorization: `Token ${member.token}`, 'Accept-Language': 'en' },
      data: { code: giftCode.toLowerCase() },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toEqual({ non_field_errors: ['This gift card has been voided'] });
  });
});
