import type { Page } from '@playwright/test';
import {
  digits,
  E2E_PORT,
  expect,
  mailTo,
  newMember,
  presetCookieChoice,
  tenantUrl,
  test,
} from './support.ts';

// Accounts journeys (issue 3): every sign-in method, registration with e-mail verification, password
// reset, only-document login, complete-info and deletion by link, against the demo data.

// The cookie choice is made, so that the banner stays out of the way of the forms.
test.beforeEach(async ({ page }) => {
  await presetCookieChoice(page);
});

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/**
 * The link of one kind mailed to an address, read from the mail the loopback SMTP server received, whole:
 * the journey opens it exactly as it went out over SMTP, scheme, host and port included, so a link to
 * anywhere but the site the member used fails the journey.
 */
async function mailedLink(to: string, path: string): Promise<string> {
  const pattern = new RegExp(`(https?://[^\\s]+/[^\\s]*${path}/[^\\s]+)`);
  const mail = await mailTo(to, (candidate) => pattern.test(candidate.text ?? ''));
  const link = pattern.exec(mail.text ?? '')?.[1] as string;
  expect(new URL(link).origin).toBe(`http://localhost:${E2E_PORT}`);
  return link;
}

async function logInByEmail(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

test('log in by e-mail with the demo member', async ({ page }) => {
  await logInByEmail(page, 'socio@demo.pe', 'Demo1234!');
  await expect(page).not.toHaveURL(/\/login/);
  expect(await storedToken(page)).toBeTruthy();
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toHaveCount(0);
});

test('log in by document and by mobile number', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Documento' }).click();
  await page.getByLabel('Tipo de documento').selectOption('NATIONAL_ID');
  await page.getByLabel('Número de documento').fill('44556677');
  await page.getByLabel('Contraseña', { exact: true }).fill('Demo1234!');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  expect(await storedToken(page)).toBeTruthy();

  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('/login');
  await page.getByRole('button', { name: 'Celular' }).click();
  await page.getByLabel('Número de celular').fill('+51987654321');
  await page.getByLabel('Contraseña', { exact: true }).fill('Demo1234!');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  expect(await storedToken(page)).toBeTruthy();
});

test('login messages of spec §5 and a wrong password', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('Por favor digite un correo electrónico válido')).toBeVisible();
  await page.getByRole('button', { name: 'Documento' }).click();
  // The type is always chosen, NATIONAL_ID first (spec §3): only the number can be missing.
  await expect(page.getByLabel('Tipo de documento')).toHaveValue('NATIONAL_ID');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('Por favor digite un númeor de documento')).toBeVisible();
  await page.getByRole('button', { name: 'Celular' }).click();
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('Por favor digite un teléfono válido')).toBeVisible();

  await page.getByRole('button', { name: 'Correo' }).click();
  await page.getByLabel('Correo electrónico').fill('SOCIO@demo.pe');
  await page.getByLabel('Contraseña', { exact: true }).fill('no-es-la-clave');
  await page.getByRole('button', { name: 'Mostrar' }).click();
  await expect(page.getByLabel('Contraseña', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('No puede iniciar sesión con las credenciales proporcionadas.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('register, then verify the e-mail with the mailed link', async ({ page }) => {
  const email = `Nueva-${unique()}@Demo.pe`;
  await page.goto('/register');
  await page.getByLabel('Número de documento').fill(digits(8));
  await page.getByLabel('Nombre').fill('Ana María');
  await page.getByLabel('Apellido').fill('Torres Vega');
  await expect(page.getByLabel('Código de país').locator('option').first()).toHaveText('+51 Perú');
  await page.getByLabel('Número de celular').fill(`9${digits(8)}`);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill('Clave1234!');
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await expect(page.getByText('Debes aceptar los términos y condiciones')).toBeVisible();
  await expect(page.getByText('Debes aceptar el tratamiento de tus datos personales')).toBeVisible();
  await expect(page.getByText('Debes confirmar que eres mayor de 18 años')).toBeVisible();
  // The consent boxes line up with the fields, each box beside its words (a program page's rule for
  // another `.checkbox-field` centred them and made each box 44 px high).
  const [field, box] = await Promise.all([
    page.getByLabel('Correo electrónico').boundingBox(),
    page.getByLabel('Acepto los términos y condiciones').boundingBox(),
  ]);
  expect(Math.abs((box?.x ?? 0) - (field?.x ?? 99))).toBeLessThan(2);
  expect(box?.height).toBeLessThanOrEqual(24);
  await page.getByLabel('Acepto los términos y condiciones').check();
  await page.getByLabel('Acepto el tratamiento de mis datos personales').check();
  await page.getByLabel('Confirmo que soy mayor de 18 años').check();
  await page.getByRole('button', { name: 'Registrarme' }).click();

  // A new member lacks birthdate and gender: the profile is incomplete.
  await expect(page).toHaveURL(/\/complete-info$/);
  await expect(page.getByLabel('Nombre')).toHaveValue('Ana');
  await expect(page.getByLabel('Apellido')).toHaveValue('Torres');

  const link = await mailedLink(email.toLowerCase(), 'verification-email');
  await page.goto(link);
  await expect(page.getByText('Tu correo ha sido validado con éxito')).toBeVisible();
  await expect(page).not.toHaveURL(/verification-email/, { timeout: 5000 });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the register form fits: the password toggle holds its word, the phone fields share a row', async ({
    page,
  }) => {
    await page.goto('/register');
    const toggle = page.getByRole('button', { name: 'Mostrar' });
    expect(await toggle.evaluate((button) => button.scrollWidth <= button.clientWidth)).toBe(true);
    const [code, number] = await Promise.all([
      page.getByLabel('Código de país').boundingBox(),
      page.getByLabel('Número de celular').boundingBox(),
    ]);
    // Side by side, level, and the number wide enough for nine digits.
    expect(Math.abs((code?.y ?? 0) - (number?.y ?? 99))).toBeLessThan(2);
    expect(number?.width).toBeGreaterThanOrEqual(130);
  });
});

test('forgot password, reset it from the mailed link, log in with the new one', async ({ page, request }) => {
  const member = await newMember(request, { complete: false });
  await page.goto('/login');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/recovery-password$/);
  await page.getByLabel('Correo electrónico').fill(member.email);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('Correo enviado. Por favor revise su bandeja de entrada.')).toBeVisible();

  const link = await mailedLink(member.email, 'reset-password');
  await page.goto(link);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('Nueva1234!');
  await page.getByLabel('Repite la nueva contraseña').fill('Otra1234!');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText('Las contraseñas deben coincidir')).toBeVisible();
  await page.getByLabel('Repite la nueva contraseña').fill('Nueva1234!');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText('Tu contraseña ha sido actualizada')).toBeVisible();
  await expect(page).not.toHaveURL(/reset-password/);

  await logInByEmail(page, member.email, 'Nueva1234!');
  await expect(page).toHaveURL(/\/complete-info$/);
  expect(await storedToken(page)).toBeTruthy();
});

test('a customer created at the counter sets a password from the welcome mail and signs in', async ({
  page,
  request,
}) => {
  const staff = await request.post('/api/v5/login/', {
    data: { email: 'tienda@demo.pe', password: 'Demo1234!' },
  });
  const email = `mostrador-${unique()}@demo.pe`;
  const created = await request.post('/api/v5/retail/users/', {
    headers: { Authorization: `Token ${(await staff.json()).token}` },
    data: {
      place: 'place-miraflores',
      document_type: 'NATIONAL_ID',
      document_number: digits(8),
      first_name: 'Rosa',
      last_name: 'Mostrador',
      email,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto(await mailedLink(email, 'reset-password'));
  await expect(page.getByRole('heading', { name: 'Crea tu contraseña' })).toBeVisible();
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('Primera1234!');
  await page.getByLabel('Repite la nueva contraseña').fill('Primera1234!');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText('Tu contraseña ha sido actualizada')).toBeVisible();

  await logInByEmail(page, email, 'Primera1234!');
  await expect(page).not.toHaveURL(/\/login/);
  expect(await storedToken(page)).toBeTruthy();
});

test('only-document login: an unknown document lands on register with it prefilled', async ({ page }) => {
  await page.goto(tenantUrl('doc.localhost', '/login'));
  await expect(page.getByRole('button', { name: 'Correo' })).toHaveCount(0);
  await expect(page.getByLabel('Contraseña', { exact: true })).toHaveCount(0);
  await page.getByLabel('Número de documento').fill('12345678');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByLabel('Número de documento')).toHaveValue('12345678');

  await page.goto(tenantUrl('doc.localhost', '/login'));
  await page.getByLabel('Número de documento').fill('87654321');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  expect(await storedToken(page)).toBeTruthy();
});

test('an incomplete profile is sent to complete-info and completing it goes home', async ({
  page,
  request,
}) => {
  const member = await newMember(request, { complete: false });
  await logInByEmail(page, member.email, member.password);
  await expect(page).toHaveURL(/\/complete-info$/);
  await page.getByLabel('Fecha de nacimiento (dd/mm/aaaa)').fill('31/02/1990');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Ingresar una fecha correcta')).toBeVisible();
  await page.getByLabel('Fecha de nacimiento (dd/mm/aaaa)').fill('14/05/1990');
  await page.getByLabel('Género').selectOption('f');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Tus datos han sido actualizados')).toBeVisible();
  await expect(page).not.toHaveURL(/complete-info/);

  const me = await request.get('/api/v5/me/', { headers: { Authorization: `Token ${member.token}` } });
  expect(await me.json()).toMatchObject({ birthdate: '1990-05-14', gender: 'f', is_profile_complete: true });
});

// FIXME (known defect, found at the end of the session that added server rendering): after the account
// is deleted, opening the same deletion link again shows the deletion form instead of "El link ha
// expirado.". Everything before that last step passed. The closing note asks for its own issue.
test('account deletion by the mailed link ends on the farewell', async ({ page, request }) => {
  const member = await newMember(request, { complete: false });
  await page.goto('/login');
  await page.evaluate((token) => localStorage.setItem('token', token), member.token);
  await page.goto('/delete');
  await page.getByRole('button', { name: 'Enviarme el link' }).click();
  await expect(
    page.getByText('Te enviamos un correo con el link para eliminar tu cuenta.').first(),
  ).toBeVisible();

  const link = await mailedLink(member.email, 'me/delete');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Eliminar cuenta' })).toBeVisible();
  await expect(
    page.getByText('Al eliminar tu cuenta se eliminarán todos los beneficios acumulados.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Beneficios que se eliminarán' }).click();
  await expect(page.getByText('No hay nada que mostrar')).toBeVisible();
  await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await expect(page.getByText('Tu cuenta ha sido eliminada, ¡hasta pronto!')).toBeVisible();
  expect(await storedToken(page)).toBeNull();

  await page.goto(link);
  await expect(page.getByText('El link ha expirado.')).toBeVisible();
  await expect(page.getByText('El link ha expirado', { exact: true })).toBeVisible();
});

test('profile update and change password for a signed-in member', async ({ page, request }) => {
  const member = await newMember(request, { complete: false });
  await page.goto('/login');
  await page.evaluate((token) => localStorage.setItem('token', token), member.token);
  await page.goto('/profile');
  await expect(page.getByText(member.email)).toBeVisible();
  await page.getByLabel('Nombre').fill('Carmen Rosa');
  await page.getByLabel('Número de celular').fill('');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Tus datos han sido actualizados')).toBeVisible();
  const me = await request.get('/api/v5/me/', { headers: { Authorization: `Token ${member.token}` } });
  expect(await me.json()).toMatchObject({
    first_name: 'Carmen',
    mobile_number: null,
    country_code_number: null,
  });

  await page.getByRole('main').getByRole('link', { name: 'Cambiar contraseña' }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  await page.getByLabel('Contraseña actual').fill(member.password);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('Cambiada123!');
  await page.getByLabel('Repite la nueva contraseña').fill('Cambiada123!');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('Contraseña actualizada.')).toBeVisible();
  const login = await request.post('/api/v5/login/', {
    data: { email: member.email, password: 'Cambiada123!' },
  });
  expect(login.status()).toBe(200);
});
