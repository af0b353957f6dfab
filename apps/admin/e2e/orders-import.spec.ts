import { digits, expect, newMember, placePickupOrder, test } from '../../web/e2e/support.ts';
import { checkAxe, signInAdmin } from './admin-support.ts';

// Issue 17: a manager imports products from a CSV file (and a file with a bad row imports nothing and
// says which row and column); an owner finds an order on the orders screen and moves it on.

test.use({ locale: 'es-PE', viewport: { width: 1024, height: 768 } });

const csvFile = (name: string, text: string) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(text, 'utf8'),
});

test('a manager imports a CSV of products; a file with a bad row shows the report and creates nothing', async ({
  page,
}) => {
  test.slow();
  const suffix = digits(6);
  const created = `Tamal importado ${suffix}`;
  const refused = `Humita rechazada ${suffix}`;
  await signInAdmin(page, 'gerente@demo.pe');
  await page.getByRole('menuitem', { name: 'Productos' }).click();

  // A bad row (price "diez") next to a good one: nothing is imported, the report names row 3 and the price.
  await page.getByRole('button', { name: 'Importar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar productos' });
  await dialog
    .getByLabel('Archivo')
    .setInputFiles(csvFile('malo.csv', `title,price\n${refused},8.50\nOtra ${suffix},diez\n`));
  await dialog.getByRole('button', { name: 'Importar' }).click();
  await expect(dialog.getByRole('alert')).toContainText('no se importó nada');
  const report = dialog.getByRole('table', { name: 'Filas con errores' });
  await expect(report.getByRole('row').nth(1)).toHaveText(/3\s*Precio \(S\/\)\s*Valor no válido\./);
  await checkAxe(page, 'import report');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('textbox', { name: 'Buscar' }).fill(refused);
  await expect(page.getByText(/No se encontraron productos/i)).toBeVisible();

  // A good file: the new product is in the list.
  await page.getByRole('textbox', { name: 'Buscar' }).fill('');
  await page.getByRole('button', { name: 'Importar' }).click();
  await dialog
    .getByLabel('Archivo')
    .setInputFiles(
      csvFile('bueno.csv', `sku,title,price,category\nTAMAL-${suffix},${created},8.50,Entradas\n`),
    );
  await dialog.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByText('Importado: 1 creados, 0 cambiados, 0 sin cambios')).toBeVisible();
  await page.getByRole('textbox', { name: 'Buscar' }).fill(created);
  await expect(page.getByRole('cell', { name: created })).toBeVisible();
  await expect(page.getByRole('cell', { name: `TAMAL-${suffix}` })).toBeVisible();
});

test('an owner filters the orders by status, opens one and moves it to the next status', async ({
  page,
  request,
}) => {
  test.slow();
  const member = await newMember(request);
  const order = await placePickupOrder(request, member, { place: 'place-miraflores', units: 1 });
  await signInAdmin(page, 'dueno@demo.pe');
  await page.getByRole('menuitem', { name: 'Pedidos' }).click();
  await expect(page.getByRole('heading', { name: 'Pedidos', level: 1 })).toBeVisible();
  await page.getByLabel('Estado').click();
  await page.getByRole('option', { name: 'Recibido' }).click();
  await expect(page).toHaveURL(/status/);
  await checkAxe(page, 'orders');
  await page.getByRole('cell', { name: `#${order.number}`, exact: true }).click();

  await expect(page.getByRole('heading', { name: `Pedido #${order.number}`, level: 2 })).toBeVisible();
  await expect(page.getByText('Lomo saltado')).toBeVisible();
  await expect(page.getByText(member.email)).toBeVisible();
  await checkAxe(page, 'order detail');
  await page.getByRole('button', { name: 'Aceptar pedido' }).click();
  await expect(page.getByText(`Pedido #${order.number}: Aceptado`)).toBeVisible();
  // A pickup order, once accepted, is delivered next: the board's move, not "shipped".
  await expect(page.getByRole('button', { name: 'Pedido entregado' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pedido enviado' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Historial de estados' })).toContainText('Aceptado');
});
