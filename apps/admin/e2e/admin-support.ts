import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { E2E_PORT, expect, runAxe, test } from '../../web/e2e/support.ts';

// What the admin site's journeys share: its address, signing in and picking the demo company, the axe
// check of a screen, opening a screen from the menu, and the admin API as the demo owner.

export const ADMIN = `http://admin.localhost:${E2E_PORT}`;
export const API = '/api/admin';
export const PASSWORD = 'Demo1234!';
export const DEMO_COMPANY = 'Sabores Demo';

/** Axe on the screen as it is: no serious or critical violation (moderate and minor are reported). */
export async function checkAxe(page: Page, screen: string) {
  const violations = await runAxe(page);
  const found = violations.flatMap((v) =>
    v.nodes.map((node) => ({
      serious: v.impact === 'serious' || v.impact === 'critical',
      text: `${screen}: ${v.id} (${v.impact}): ${node.target.join(' ')}`,
    })),
  );
  for (const { text } of found.filter((f) => !f.serious))
    test.info().annotations.push({ type: 'axe', description: text });
  expect(found.filter((f) => f.serious).map((f) => f.text)).toEqual([]);
}

/**
 * Opens `at` signed in as `email`, with the demo company picked. A journey opens the screen it needs by its
 * address (the products list unless it says): the first screen, the dashboard (`at: '/'`), asks the day's
 * figures of the whole company, which the other journeys skip.
 *
 * The session is made through the API and put where the site keeps it, as the sign-in form would: the
 * form and the company picker are walked (`form`) by the journeys about them, and with `axe` (decision 037).
 */
export async function signInAdmin(
  page: Page,
  email: string,
  { axe = false, at = '/products', form = axe }: { axe?: boolean; at?: string; form?: boolean } = {},
) {
  if (form) {
    await page.goto(`${ADMIN}${at}`);
    await expect(page.getByRole('heading', { name: 'Administración de tu tienda' })).toBeVisible();
    if (axe) await checkAxe(page, 'sign-in');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña').fill(PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('heading', { name: 'Elige una empresa' })).toBeVisible();
    if (axe) await checkAxe(page, 'company picker');
    await page.getByRole('button', { name: new RegExp(DEMO_COMPANY) }).click();
  } else {
    const { token, companyUid } = await adminSession(page.request, email);
    // The site's origin, without starting the site: its storage is written before its first page.
    await page.goto(`${ADMIN}/favicon.svg`);
    await page.evaluate(
      (kept) => {
        localStorage.setItem('admin.token', kept.token);
        localStorage.setItem('admin.company', kept.companyUid);
      },
      { token, companyUid },
    );
    await page.goto(`${ADMIN}${at}`);
  }
  await expect(page.getByTestId('current-company')).toHaveText(DEMO_COMPANY);
  if (at !== '/') await expect(page).toHaveURL(`${ADMIN}${at}`);
}

/** A session on the admin API for `email`, and the uid of the demo company among theirs. */
async function adminSession(request: APIRequestContext, email: string) {
  const session = await request.post(`${API}/session/`, { data: { email, password: PASSWORD } });
  expect(session.status(), await session.text()).toBe(200);
  const { token } = (await session.json()) as { token: string };
  const me = await (await request.get(`${API}/me/`, { headers: { Authorization: `Token ${token}` } })).json();
  const company = me.companies.find((c: { name: string }) => c.name === DEMO_COMPANY);
  return { token, companyUid: company.uid as string };
}

/** What a `datetime-local` input takes ("2030-01-31T18:00"), on the journeys' UTC clock. */
export const localDateTime = (date: Date) => date.toISOString().slice(0, 16);

/** A storefront token of a demo account (the login answers it). */
export async function tokenOf(request: APIRequestContext, email: string, password = PASSWORD) {
  const response = await request.post('/api/v5/login/', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).token as string;
}

/** The admin API as the journeys' owner, to prepare what a journey does not do on screen. */
export async function ownerApi(request: APIRequestContext) {
  const { token, companyUid } = await adminSession(request, 'dueno@demo.pe');
  return { headers: { Authorization: `Token ${token}` }, base: `${API}/companies/${companyUid}` };
}

/**
 * Opens a screen from the menu and waits for its title: the URL changes before the screen's lazy chunk
 * has replaced the previous screen, whose buttons ("Crear") are still on the page meanwhile.
 */
export async function openFromMenu(page: Page, name: string) {
  await page.getByRole('menuitem', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

/**
 * The first mail to one of `recipients` whose subject matches, as the journeys' loopback SMTP server
 * received it (apps/web/e2e/smtp-inbox.ts keeps one .eml file per message in E2E_MAIL_DIR).
 */
export async function receivedMail(recipients: string[], subject: RegExp) {
  const dir = process.env.E2E_MAIL_DIR as string;
  let found: { to: string; subject: string; text: string } | undefined;
  await expect
    .poll(
      async () => {
        for (const file of await readdir(dir)) {
          const mail = await simpleParser(await readFile(join(dir, file)));
          const to = [mail.to ?? []]
            .flat()
            .flatMap((address) => address.value)
            .map((address) => address.address ?? '')
            .find((address) => recipients.includes(address));
          if (to && subject.test(mail.subject ?? ''))
            found = { to, subject: mail.subject ?? '', text: mail.text ?? '' };
          if (found) return true;
        }
        return false;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found as { to: string; subject: string; text: string };
}
