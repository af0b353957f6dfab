import type { APIRequestContext } from '@playwright/test';
import { axeViolations, expect, type Member, newMember, presetCookieChoice, test } from './support.ts';

// The order board as the kitchen and the rider use it (issue 14, item 4): a delivery order's options,
// comment, phone, district, reference, slot and payment on its card, every other field under "more",
// the 80 mm kitchen ticket printed alone, the title-bar count and the chime of a new order, and the
// staff's cancel asked first. At Yanahuara, a place no other journey orders from; on a phone and a desktop.

const PLACE = 'place-yanahuara';
const COMMENT = 'Sin cebolla, por favor. Tocar el timbre dos veces.';

/** Two Lomo saltado, well done with a side of rice, delivered tomorrow in the first slot, cash. */
async function placeDeliveryOrder(request: APIRequestContext, member: Member) {
  const date = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const schedule = await request.get(`/api/v7/places/${PLACE}/pickup-schedule/?date=${date}`);
  const [slot] = (await schedule.json()).slots;
  const placed = await request.post(`/api/v5/places/${PLACE}/orders/`, {
    headers: { Authorization: `Token ${member.token}` },
    data: {
      order_type: 'DELIVERY',
      payment_type: 'CASH',
      pickup_date: date,
      start_time: slot.start_time,
      end_time: slot.end_time,
      address: 'Calle Misti 123, dpto 401',
      district: 'Yanahuara',
      reference: 'Frente al parque, puerta verde',
      comments: COMMENT,
      products: [
        {
          uid: 'p-lomo-saltado',
          quantity: 2,
          option_groups: [
            { uid: 'og-lomo-termino', options: [{ uid: 'og-lomo-termino-bien-cocido' }] },
            { uid: 'og-lomo-extras', options: [{ uid: 'og-lomo-extras-porcion-de-arroz' }] },
          ],
          direct_purchase: false,
        },
      ],
      user_data: {
        full_name: 'Rosa Cocina',
        document_type: 'NATIONAL_ID',
        document_number: '40506070',
        email: member.email,
        contact_number: '+51944555666',
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()) as { uid: string; number: number; pickup_date: string; start_time: string };
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('the board shows what the kitchen and the rider need, prints the ticket, and asks before cancelling', async ({
      page,
      request,
    }) => {
      test.setTimeout(60_000);
      const login = await request.post('/api/v5/login/', {
        data: { email: 'tienda@demo.pe', password: 'Demo1234!' },
      });
      const staff = (await login.json()).token as string;
      await presetCookieChoice(page);
      await page.addInitScript((token) => {
        localStorage.setItem('token', token);
        // What the board asks of the browser, counted: print dialogs opened and tones played.
        const counts = { print: 0, tones: 0 };
        Object.assign(window, { boardCounts: counts });
        window.print = () => {
          counts.print += 1;
        };
        const start = OscillatorNode.prototype.start;
        OscillatorNode.prototype.start = function (...args) {
          counts.tones += 1;
          return start.apply(this, args);
        };
      }, staff);
      const counts = () =>
        page.evaluate(
          () => (window as unknown as { boardCounts: { print: number; tones: number } }).boardCounts,
        );

      await page.goto(`/retail?place=${PLACE}&tab=orders`);
      await expect(page.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible();
      // Browsers play sound only after a gesture on the page: the board says so until a tap anywhere.
      await expect(page.getByRole('button', { name: 'Activar sonido' })).toBeVisible();
      await page.getByRole('heading', { name: 'Pedidos', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Activar sonido' })).toHaveCount(0);

      const member = await newMember(request);
      const order = await placeDeliveryOrder(request, member);
      const card = page.getByRole('article', { name: `Pedido #${order.number}` });
      await expect(card).toBeVisible();
      await expect(
        page.getByRole('alert').filter({ hasText: `Nuevo pedido #${order.number}` }),
      ).toBeVisible();
      await expect.poll(async () => (await counts()).tones).toBeGreaterThan(0);
      // The title counts the orders waiting to be accepted, as the Recibido column does.
      // (The other viewport's journey may add or cancel its own order meanwhile: both are read at once.)
      await expect
        .poll(() =>
          page.evaluate(() => {
            const column = [...document.querySelectorAll('h3')].find((h) =>
              h.textContent?.startsWith('Recibido'),
            );
            const waiting = column?.textContent?.match(/\((\d+)\)$/)?.[1];
            return (
              document.title === `(${waiting}) Pedidos — ${document.title.split(' — ')[1]}` &&
              Number(waiting) > 0
            );
          }),
        )
        .toBe(true);
      await expect(page).toHaveTitle(/^\(\d+\) Pedidos — \S/);

      // The card: options, comment, slot, customer and phone, address, district, reference, payment.
      const lines = card.getByRole('list', { name: 'Productos' });
      await expect(lines.getByRole('listitem')).toHaveText(['2 × Lomo saltadoBien cocido, Porción de arroz']);
      await expect(lines.getByText('Bien cocido, Porción de arroz')).toBeVisible();
      await expect(card.getByText(COMMENT)).toBeVisible();
      // The day as a person reads it ("25 nov. 2026"), not the API's ISO date.
      const day = new Intl.DateTimeFormat('es-PE', { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${order.pickup_date}T00:00:00Z`),
      );
      await expect(card.getByText(`Entrega ${day} · ${order.start_time}`)).toBeVisible();
      await expect(card.getByText('Rosa Cocina')).toBeVisible();
      await expect(card.getByRole('link', { name: '+51944555666' })).toHaveAttribute(
        'href',
        'tel:+51944555666',
      );
      await expect(card.getByText('Calle Misti 123, dpto 401')).toBeVisible();
      await expect(card.getByRole('definition').filter({ hasText: /^Yanahuara$/ })).toBeVisible();
      await expect(card.getByText('Frente al parque, puerta verde')).toBeVisible();
      await expect(card.getByText('Efectivo', { exact: true })).toBeVisible();
      // Under "more": the document, the e-mail and the amounts.
      await card.getByText('Más datos del pedido').click();
      await expect(card.getByText('DNI 40506070')).toBeVisible();
      await expect(card.getByRole('link', { name: member.email })).toBeVisible();
      await expect(card.getByText('Envío')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );

      // The kitchen ticket: printing shows it alone, 80 mm wide at most, with the options and the comment.
      await card.getByRole('button', { name: 'Imprimir ticket' }).click();
      await expect.poll(async () => (await counts()).print).toBe(1);
      const ticket = page.getByTestId('kitchen-ticket');
      await expect(ticket).toBeHidden();
      await page.emulateMedia({ media: 'print' });
      await expect(ticket).toBeVisible();
      await expect(page.locator('#root')).toBeHidden();
      await expect(ticket.getByRole('heading', { name: `Pedido #${order.number}` })).toBeVisible();
      await expect(ticket).toContainText(`Entrega ${day}`);
      await expect(ticket).toContainText('2 × Lomo saltado');
      await expect(ticket).toContainText('Bien cocido, Porción de arroz');
      await expect(ticket).toContainText(COMMENT);
      await expect(ticket).toContainText('Teléfono: +51944555666');
      await expect(ticket).toContainText('Distrito: Yanahuara');
      await expect(ticket).toContainText('Referencia: Frente al parque, puerta verde');
      await expect(ticket).toContainText('Pago: Efectivo');
      const width = (await ticket.boundingBox())?.width ?? 0;
      expect(width).toBeGreaterThan(200);
      expect(width).toBeLessThanOrEqual((80 / 25.4) * 96);
      // Printed, the page is the roll's 80 mm (226.8 pt) wide.
      const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
      const [, pageWidth] = pdf.match(/\/MediaBox \[0 0 ([\d.]+) /) ?? [];
      expect(Number(pageWidth)).toBeCloseTo((80 / 25.4) * 72, 0);
      await page.emulateMedia({ media: 'screen' });
      await expect(ticket).toBeHidden();

      // Cancelling asks first: Escape and "No, volver" keep the order; "Sí, cancelar pedido" cancels it.
      const cancel = card.getByRole('button', { name: 'Cancelar pedido' });
      await cancel.click();
      const dialog = page.getByRole('alertdialog', { name: `¿Cancelar el pedido #${order.number}?` });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'No, volver' })).toBeFocused();
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(cancel).toBeFocused();
      await cancel.click();
      await dialog.getByRole('button', { name: 'No, volver' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(card).toBeVisible();
      await cancel.click();
      await dialog.getByRole('button', { name: 'Sí, cancelar pedido' }).click();
      await expect(card).toHaveCount(0);
      const seen = await request.get(`/api/v5/me/orders/${order.uid}/`, {
        headers: { Authorization: `Token ${member.token}` },
      });
      expect((await seen.json()).status).toBe('CANCELED_BY_PLACE');
    });
  });
}
