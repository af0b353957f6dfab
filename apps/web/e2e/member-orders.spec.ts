import type { APIRequestContext } from '@playwright/test';
import {
  axeViolations,
  E2E_PORT,
  expect,
  type Member,
  mailTo,
  newMember,
  pickupBody,
  placePickupOrder,
  signIn,
  test,
} from './support.ts';

// The member's side of an order (issue 14, items 5 and 11): the order page follows the status the store
// gives it without a reload, and cancelling an order or a subscription asks first in a dialog that
// Escape and "No, volver" dismiss. At Cayma, a place no board journey watches; on a phone and a desktop.

const PLACE = 'place-cayma';

async function staffMoves(request: APIRequestContext, order: string, status: string) {
  const login = await request.post('/api/v5/login/', {
    data: { email: 'tienda@demo.pe', password: 'Demo1234!' },
  });
  const moved = await request.patch(`/api/v5/retail/orders/${order}/`, {
    headers: { Authorization: `Token ${(await login.json()).token}` },
    data: { status },
  });
  expect(moved.status(), await moved.text()).toBe(200);
}

/** A pickup subscription of one Lomo saltado on Mondays and Wednesdays, from tomorrow. */
async function subscribe(request: APIRequestContext, member: Member) {
  const body = await pickupBody(request, member, { place: PLACE, units: 1, cooking: 'jugoso' });
  const created = await request.post(`/api/v5/places/${PLACE}/subscriptions/`, {
    headers: { Authorization: `Token ${member.token}` },
    data: { ...body, days: [1, 3] },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { uid: string };
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('the order page shows the status the store gives, without a reload', async ({ page, request }) => {
      const member = await newMember(request);
      const order = await placePickupOrder(request, member, { place: PLACE, units: 1 });
      await signIn(page, member);
      await page.goto(`/orders/${order.uid}`);
      const status = page.locator('.order-detail-header');
      await expect(status).toContainText('Recibido');
      // The pickup day in words ("25 nov 2026"), as the history's times are, not as the API's ISO date.
      await expect(page.locator('.order-facts')).toContainText(/\d{1,2} \p{L}+\.? \d{4} · \d{2}:\d{2} - /u);
      // A mark that a reload would wipe.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));

      await staffMoves(request, order.uid, 'ACCEPTED');
      // The page asks every 5 s; a busy machine gets some slack.
      await expect(status).toContainText('Aceptado', { timeout: 15_000 });
      // Said to a screen reader too.
      await expect(page.getByRole('status').filter({ hasText: 'Aceptado' })).toBeVisible();
      await expect(page.getByRole('list').filter({ hasText: 'Aceptado' }).last()).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
        true,
      );
      // Accepted, the order can no longer be cancelled by the member.
      await expect(page.getByRole('button', { name: 'Cancelar pedido' })).toHaveCount(0);
    });

    test('cancelling an order asks first', async ({ page, request }) => {
      const member = await newMember(request);
      const order = await placePickupOrder(request, member, { place: PLACE, units: 1 });
      await signIn(page, member);
      await page.goto(`/orders/${order.uid}`);
      const cancel = page.getByRole('button', { name: 'Cancelar pedido' });
      const dialog = page.getByRole('alertdialog', { name: `¿Cancelar el pedido #${order.number}?` });
      const keep = dialog.getByRole('button', { name: 'No, volver' });

      await cancel.click();
      await expect(dialog).toBeVisible();
      await expect(dialog).toHaveAccessibleDescription(/no se puede deshacer/);
      await expect(keep).toBeFocused();
      expect(await axeViolations(page)).toEqual([]);
      // Escape answers no, and the focus goes back to the button.
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(cancel).toBeFocused();
      await cancel.click();
      await keep.click();
      await expect(dialog).toHaveCount(0);
      const still = await request.get(`/api/v5/me/orders/${order.uid}/`, {
        headers: { Authorization: `Token ${member.token}` },
      });
      expect((await still.json()).status).toBe('RECEIVED');

      await cancel.click();
      await dialog.getByRole('button', { name: 'Sí, cancelar pedido' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Cancelado por ti' })).toBeVisible();
      await expect(cancel).toHaveCount(0);
    });

    test('cancelling a subscription asks first', async ({ page, request }) => {
      const member = await newMember(request);
      await subscribe(request, member);
      await signIn(page, member);
      await page.goto('/subscription/me');
      const card = page.locator('.subscription-card');
      await expect(card).toContainText('Activa');
      const cancel = card.getByRole('button', { name: 'Cancelar suscripción' });
      const dialog = page.getByRole('alertdialog', { name: '¿Cancelar esta suscripción?' });

      await cancel.click();
      await expect(dialog).toBeVisible();
      await expect(dialog).toHaveAccessibleDescription(/1 × Lomo saltado \(Lun, Mié\)/);
      await expect(dialog.getByRole('button', { name: 'No, volver' })).toBeFocused();
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(cancel).toBeFocused();
      await cancel.click();
      await dialog.getByRole('button', { name: 'No, volver' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(card).toContainText('Activa');

      await cancel.click();
      await dialog.getByRole('button', { name: 'Sí, cancelar suscripción' }).click();
      await expect(card).toContainText('Cancelada');
      await expect(cancel).toHaveCount(0);
    });
  });
}

// Issue 30: the mail a customer keeps. The receipt of an order (two Lomo saltado at S/ 35: S/ 70.00)
// reaches the loopback SMTP server with its lines, total, payment and a link to the order on this site,
// and the store's acceptance sends a second mail.
test('the receipt arrives by mail with the order’s total and a link to it; an acceptance mails again', {
  tag: '@phone',
}, async ({ page, request }) => {
  const member = await newMember(request);
  const order = await placePickupOrder(request, member, { place: PLACE, units: 2 });
  const receipt = await mailTo(member.email, (mail) =>
    (mail.subject ?? '').endsWith(`recibimos tu pedido #${order.number}`),
  );
  const text = receipt.text ?? '';
  expect(text).toContain('2 × Lomo saltado');
  expect(text).toContain('Total: S/ 70.00\n');
  expect(text).toContain('Pago: Efectivo\n');
  const link = /https?:\/\/\S+\/orders\/[0-9a-f-]{36}/.exec(text)?.[0] as string;
  expect(link).toBe(`http://localhost:${E2E_PORT}/orders/${order.uid}`);

  await signIn(page, member);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: `Pedido #${order.number}` })).toBeVisible();
  await expect(page.locator('.order-detail-header')).toContainText('Recibido');

  await staffMoves(request, order.uid, 'ACCEPTED');
  const moved = await mailTo(member.email, (mail) =>
    (mail.subject ?? '').endsWith(`tu pedido #${order.number} está aceptado`),
  );
  expect(moved.text).toContain(link);
});
