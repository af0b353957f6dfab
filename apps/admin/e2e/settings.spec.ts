import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { digits, E2E_PORT, expect, presetCookieChoice, test } from '../../web/e2e/support.ts';
import { ADMIN, API, checkAxe, PASSWORD } from './admin-support.ts';

// Company settings and the installation operator's screens (issue 17) on the admin site. Each journey
// that changes an app's settings makes an app of its own (through the operator's API), so that the demo
// app's colours and signup, which other journeys read, never change under them.
const mailDir = process.env.E2E_MAIL_DIR as string;

test.use({ locale: 'es-PE', viewport: { width: 1024, height: 768 } });

/** Signs in on the admin site; picks `company` when given. */
async function signIn(page: Page, email: string, password = PASSWORD, company?: string) {
  await page.goto(`${ADMIN}/`);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('heading', { name: 'Elige una empresa' })).toBeVisible();
  if (company) {
    await page.getByRole('button', { name: new RegExp(company) }).click();
    await expect(page.getByTestId('current-company')).toHaveText(company);
  }
}

/** The link mailed to an address (the loopback SMTP server's inbox). */
async function mailedLink(to: string, path: string): Promise<string> {
  const pattern = new RegExp(`(https?://[^\\s]+/[^\\s]*${path}/[^\\s]+)`);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        for (const file of await readdir(mailDir)) {
          const mail = await simpleParser(await readFile(join(mailDir, file)));
          const recipients = [mail.to ?? []].flat().flatMap((address) => address.value);
          if (!recipients.some((recipient) => recipient.address === to)) continue;
          link = pattern.exec(mail.text ?? '')?.[1];
          if (link) return link;
        }
        return undefined;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link as string;
}

/** The operator's admin API headers. */
async function operatorApi(request: APIRequestContext) {
  const session = await request.post(`${API}/session/`, {
    data: { email: 'operador@demo.pe', password: PASSWORD },
  });
  expect(session.status(), await session.text()).toBe(200);
  return { Authorization: `Token ${(await session.json()).token}` };
}

/**
 * A shop of the journey's own, made as an operator would through the API: an app on its domain and an
 * owner, whose password is set from the welcome mail's link.
 */
async function ownShop(request: APIRequestContext) {
  const headers = await operatorApi(request);
  const suffix = digits(6);
  const domain = `tienda-${suffix}.localhost`;
  const app = await request.post(`${API}/operator/apps/`, {
    headers,
    data: { name: `Tienda ${suffix}`, domains: [domain] },
  });
  expect(app.status(), await app.text()).toBe(201);
  const company = (await app.json()).main_company as { uid: string; name: string };
  const email = `duena-${suffix}@tienda.pe`;
  const owner = await request.post(`${API}/operator/companies/${company.uid}/owners/`, {
    headers,
    data: { email },
  });
  expect(owner.status(), await owner.text()).toBe(201);
  const link = new URL(await mailedLink(email, 'reset-password'));
  // Node does not resolve *.localhost: the call goes to loopback with the shop's Host.
  const set = await request.post(
    `/api/v5/me${link.pathname.replace('/reset-password', '/reset_password')}/`,
    {
      headers: { host: `${domain}:${E2E_PORT}` },
      data: { password: PASSWORD, password_confirmation: PASSWORD },
    },
  );
  expect(set.status(), await set.text()).toBeLessThan(300);
  return { domain, company: company.name, email };
}

test('an owner changes the main colour, turns signup off and offers English only, and the storefront shows it at once', async ({
  page,
  request,
}) => {
  test.slow();
  const shop = await ownShop(request);
  const storefront = `http://${shop.domain}:${E2E_PORT}`;
  await presetCookieChoice(page);
  await page.goto(`${storefront}/login`);
  await expect(page.getByRole('link', { name: 'Regístrate' })).toBeVisible();
  await expect(page.getByLabel('Idioma').first()).toBeVisible();

  await signIn(page, shop.email, PASSWORD, shop.company);
  await page.getByRole('menuitem', { name: 'Configuración' }).click();
  await expect(page).toHaveURL(`${ADMIN}/settings`);
  await expect(page.getByRole('heading', { name: 'La app (tienda en línea)' })).toBeVisible();
  await checkAxe(page, 'settings');
  // One object per company: nothing to delete.
  await expect(page.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);
  await page.getByLabel('Color principal').fill('#1565C0');
  await page.getByLabel('Permitir registrarse').uncheck();
  // The shop in English only: no language selector, English by default.
  await page.getByRole('checkbox', { name: 'Español' }).uncheck();
  await page.getByRole('radio', { name: 'English' }).check();
  // A bad number is refused beside its input, and nothing is saved.
  await page.getByLabel('Número de WhatsApp').fill('12345');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(/Agregar el código numérico/)).toBeVisible();
  await checkAxe(page, 'settings with an error');
  await page.getByLabel('Número de WhatsApp').fill('+51987654321');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Elemento actualizado')).toBeVisible();

  await page.goto(`${storefront}/login`);
  await expect(page.getByText('Forgot your password?')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: 'Sign up' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Regístrate' })).toHaveCount(0);
  await expect(page.getByLabel('Language')).toHaveCount(0);
  expect(
    await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--main-color').trim(),
    ),
  ).toBe('#1565C0');
});

test('a manager neither sees the settings in the menu nor opens them by address', async ({ page }) => {
  await signIn(page, 'gerente@demo.pe', PASSWORD, 'Sabores Demo');
  await expect(page.getByRole('menuitem', { name: 'Productos' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Configuración' })).toHaveCount(0);
  await page.goto(`${ADMIN}/settings`);
  await expect(page.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible();
  await expect(page.getByLabel('Color principal')).toHaveCount(0);
});

test('an operator creates an app on a domain, a company and its first owner, who signs in and sees it', async ({
  page,
}) => {
  test.slow();
  const suffix = digits(6);
  const domain = `nueva-${suffix}.localhost`;
  const email = `dueno-${suffix}@nueva.pe`;
  await signIn(page, 'operador@demo.pe');
  await page.getByRole('button', { name: 'Instalación' }).click();
  await expect(page).toHaveURL(`${ADMIN}/installation-apps`);
  await checkAxe(page, 'installation apps');
  await page.getByRole('link', { name: 'Crear' }).click();
  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill(`Nueva ${suffix}`);
  await page.getByLabel('Dominios').fill(domain);
  await checkAxe(page, 'app create');
  await page.getByRole('button', { name: 'Guardar' }).click();

  // The app's companies: its main one; another is added, then its first owner.
  await expect(page.getByRole('cell', { name: `Nueva ${suffix}` })).toBeVisible();
  await checkAxe(page, 'installation companies');
  await page.getByRole('link', { name: 'Crear' }).click();
  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill(`Sucursal ${suffix}`);
  await page.getByRole('button', { name: 'Guardar' }).click();
  const row = page.getByRole('row', { name: new RegExp(`Sucursal ${suffix}`) });
  await row.getByRole('link', { name: 'Agregar dueño' }).click();
  await expect(page.getByText(`Dueño de Sucursal ${suffix}`).first()).toBeVisible();
  await checkAxe(page, 'owner create');
  await page.getByRole('textbox', { name: 'Correo' }).fill(email);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(row.getByRole('cell', { name: email })).toBeVisible();

  // The new app answers on its domain at once, and the owner's mail sets their password there.
  const link = await mailedLink(email, 'reset-password');
  expect(new URL(link).host).toBe(`${domain}:${E2E_PORT}`);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Crea tu contraseña' })).toBeVisible();
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('Primera1234!');
  await page.getByLabel('Repite la nueva contraseña').fill('Primera1234!');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText('Tu contraseña ha sido actualizada')).toBeVisible();

  // The operator's session ends (the browser forgets it); the owner signs in.
  await page.goto(`${ADMIN}/`);
  await page.evaluate(() => localStorage.clear());
  await signIn(page, email, 'Primera1234!', `Sucursal ${suffix}`);
  await expect(page.getByRole('menuitem', { name: 'Configuración' })).toBeVisible();
});
