import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';

export { expect };

/**
 * Browser messages that are not the page's errors: the network log of an answer the journey asks for
 * (a wrong password's 400, a stale session's 401), which Chromium prints as a console error.
 */
const NETWORK_LOG = /^Failed to load resource: the server responded with a status of 4\d\d/;
const SERVER_ERROR_LOG = /^Failed to load resource: the server responded with a status of 5\d\d/;
/**
 * Playwright's trace snapshots read the page's blob: images (a picked file's preview on the admin site)
 * with fetch, which the CSP's connect-src refuses: the recorder's request, not the page's.
 */
const TRACE_BLOB_READ =
  /^Connecting to 'blob:[^']*' violates the following Content Security Policy directive: "connect-src /;

/**
 * A page is server-rendered, then hydrated: a click before hydration does nothing, as for a person on a
 * slow phone. Navigations of the page wait until React has taken it over (main.tsx). The `page` fixture
 * is made so; a journey's second device (a page of its own context) is passed through it.
 */
export function untilHydrated(page: Page): Page {
  const ready = async <T>(response: T): Promise<T> => {
    await page
      .waitForFunction(
        () => document.documentElement.dataset.ready === 'true' || !document.getElementById('root'),
      )
      .catch(() => {});
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => ready(await goto(url, options));
  page.reload = async (options) => ready(await reload(options));
  return page;
}

/**
 * Every journey fails on a hydration warning, an uncaught error or any console error of the page
 * (issue 16): the server's HTML and the browser's first render must agree.
 */
export const test = base.extend<{
  consoleErrors: string[];
  allowCspReports: boolean;
  allowServerErrors: boolean;
}>({
  page: async ({ page }, use) => {
    await use(untilHydrated(page));
  },
  /** A journey that makes the API fail on purpose (a route answering 500) allows the browser's log of it. */
  allowServerErrors: [false, { option: true }],
  /** The XSS journeys: the CSP's report of a payload it blocked is the CSP at work, not a page error. */
  allowCspReports: [false, { option: true }],
  consoleErrors: [
    async ({ page, allowCspReports, allowServerErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        const text = message.text();
        const blocked = allowCspReports && text.includes('violates the following Content Security Policy');
        const provoked = allowServerErrors && SERVER_ERROR_LOG.test(text);
        if (
          message.type() === 'error' &&
          !NETWORK_LOG.test(text) &&
          !TRACE_BLOB_READ.test(text) &&
          !blocked &&
          !provoked
        ) {
          errors.push(`console: ${text}`);
        }
        if (message.type() === 'warning' && /hydrat/i.test(text)) errors.push(`warning: ${text}`);
      });
      page.on('pageerror', (error) => errors.push(`page error: ${error.stack ?? error.message}`));
      await use(errors);
      expect(errors, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

/** The port the journeys' server listens on (playwright.config.ts starts it). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18300);

/** The port of the loopback SMTP server the journeys' server sends its mail to (e2e/smtp-inbox.ts). */
export const E2E_SMTP_PORT = E2E_PORT + 25;
/** The local push service (push-service.ts), on https. */
export const E2E_PUSH_PORT = E2E_PORT + 26;

/**
 * How the journeys launch Chromium: its headless shell (Debian's chromium-headless-shell, the same Blink
 * and V8 without the desktop browser around them, what Playwright itself runs headless by default), in
 * which the 214 journeys took 12 minutes instead of 19 on 2 cores (decision 037).
 */
export const HEADLESS_SHELL = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** The full browser, for what the shell lacks: it denies notifications whatever a context grants. */
export const FULL_CHROMIUM = {
  ...HEADLESS_SHELL,
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
};

/**
 * The first mail to an address that `matches`, as the loopback SMTP server received it (e2e/smtp-inbox.ts,
 * one file per message): waits for it, since the API's mail worker delivers every two seconds.
 */
export async function mailTo(to: string, matches: (mail: ParsedMail) => boolean): Promise<ParsedMail> {
  const dir = process.env.E2E_MAIL_DIR as string;
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        for (const file of (await readdir(dir)).sort()) {
          const mail = await simpleParser(await readFile(join(dir, file)));
          const recipients = [mail.to ?? []].flat().flatMap((address) => address.value);
          if (recipients.some((recipient) => recipient.address === to) && matches(mail)) found = mail;
          if (found) return true;
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found as ParsedMail;
}

/** The storefront of another demo tenant, e.g. `tenantUrl('multi.localhost', '/c/multi-cafe/')`. */
export const tenantUrl = (host: string, path: string) => `http://${host}:${E2E_PORT}${path}`;

/** Random digits, the first never 0: documents and phones of members registered in parallel never clash. */
export const digits = (length: number) =>
  Array.from({ length }, (_, index) =>
    index === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10),
  ).join('');

export interface Member {
  email: string;
  password: string;
  token: string;
}

/**
 * A member registered just now through the API (registering signs in: the answer holds the token).
 * The journeys run in parallel on one database, so every journey that writes (a cart, an order, coins,
 * a profile) does it as a member of its own; socio@demo.pe stays read-only. By default the profile is
 * completed like the demo member's (birthdate, gender, Lima), so that a login does not stop at
 * /complete-info; `complete: false` keeps it as registered.
 */
export async function newMember(request: APIRequestContext, { complete = true } = {}): Promise<Member> {
  const email = `e2e-${Date.now()}-${digits(6)}@demo.pe`;
  const password = 'Clave1234!';
  const registered = await request.post('/api/v5/register/', {
    // Members register from their own devices: the suite's many would exceed the limit per address
    // (30 in 10 min). The e2e server trusts a loopback proxy (TRUST_PROXY=loopback) to name the client.
    headers: { 'X-Forwarded-For': `10.${digits(2)}.${digits(2)}.${digits(2)}` },
    data: {
      document_type: 'NATIONAL_ID',
      document_number: digits(8),
      first_name: 'Prueba',
      last_name: 'Socia',
      email,
      mobile_number: `+519${digits(8)}`,
      country_code_number: '+51',
      password,
      accepted_terms_cond: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { token } = await registered.json();
  if (complete) {
    const completed = await request.patch('/api/v5/me/', {
      headers: { Authorization: `Token ${token}` },
      data: { birthdate: '1990-05-14', gender: 'f', area: 'area-lima' },
    });
    expect(completed.status(), await completed.text()).toBe(200);
  }
  return { email, password, token };
}

/** The member joins the demo program "Club Sabores" (no coins, first level). */
export async function joinProgram(request: APIRequestContext, member: Member, program = 'demo-club') {
  const joined = await request.post('/api/v5/me/programs/', {
    headers: { Authorization: `Token ${member.token}` },
    data: { program },
  });
  expect([200, 201], await joined.text()).toContain(joined.status());
}

/** A pickup order of `units` Lomo saltado (S/ 35 each, a la punto) paid in cash, for tomorrow's first slot. */
/**
 * The body of a pickup of `units` Lomo saltado tomorrow at `place`, in its first slot, for `member`:
 * an order's, or a subscription's with its days added.
 */
export async function pickupBody(
  request: APIRequestContext,
  member: Member,
  { place, units, cooking = 'a-punto' }: { place: string; units: number; cooking?: 'a-punto' | 'jugoso' },
) {
  const date = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const schedule = await request.get(`/api/v7/places/${place}/pickup-schedule/?date=${date}`);
  const [slot] = (await schedule.json()).slots;
  return {
    order_type: 'PICKUP',
    payment_type: 'CASH',
    pickup_date: date,
    start_time: slot.start_time,
    end_time: slot.end_time,
    products: [
      {
        uid: 'p-lomo-saltado',
        quantity: units,
        option_groups: [{ uid: 'og-lomo-termino', options: [{ uid: `og-lomo-termino-${cooking}` }] }],
        direct_purchase: false,
      },
    ],
    user_data: {
      full_name: 'Prueba Socia',
      document_type: 'NATIONAL_ID',
      document_number: '12345678',
      email: member.email,
      contact_number: '+51911222333',
    },
  };
}

export async function placePickupOrder(
  request: APIRequestContext,
  member: Member,
  { place, units }: { place: string; units: number },
): Promise<{ uid: string; number: number }> {
  const placed = await request.post(`/api/v5/places/${place}/orders/`, {
    headers: { Authorization: `Token ${member.token}` },
    data: await pickupBody(request, member, { place, units }),
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return placed.json();
}

/**
 * Coins as a member earns them (one per sol paid): a pickup order of `units` Lomo saltado at San
 * Isidro, accepted and delivered by the demo staff member. San Isidro keeps these orders off the
 * Miraflores order board the retail journey watches.
 */
export async function earnCoins(request: APIRequestContext, member: Member, units: number) {
  const order = await placePickupOrder(request, member, { place: 'place-san-isidro', units });
  const staff = await request.post('/api/v5/login/', {
    data: { email: 'tienda@demo.pe', password: 'Demo1234!' },
  });
  const headers = { Authorization: `Token ${(await staff.json()).token}` };
  for (const status of ['ACCEPTED', 'DELIVERED']) {
    const moved = await request.patch(`/api/v5/retail/orders/${order.uid}/`, { headers, data: { status } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
}

/** The cookie choice made (and the storage version current) before any page runs: no banner over the forms. */
export async function presetCookieChoice(page: Page) {
  // The choice as the storefront keeps it: local storage, mirrored in cookies the server renders by.
  await page.context().addCookies(
    ['cookie_ga', 'cookie_guid'].map((name) => ({
      name,
      value: 'false',
      url: `http://localhost:${E2E_PORT}`,
    })),
  );
  await page.addInitScript(() => {
    // Init scripts run in every frame: a landing's sandboxed form frames have no storage.
    if (window !== window.top) return;
    localStorage.setItem('version', '1.0.2');
    localStorage.setItem('cookie_ga', 'false');
    localStorage.setItem('cookie_guid', 'false');
  });
}

/** Signs the browser in as the login screen does (the token in local storage), the cookie choice made. */
export async function signIn(page: Page, member: Pick<Member, 'token'>) {
  await presetCookieChoice(page);
  await page.goto('/no/such/page');
  await page.evaluate((token) => localStorage.setItem('token', token), member.token);
}

/**
 * axe's violations on the page as it is now. axe collects only its violations, every node of each (the
 * rules that pass or do not apply were a third of its time on a page). Legacy mode runs axe in the page
 * itself, without opening a blank page per check (the slow part on a busy machine); `frames` checks the
 * frames of other origins too (the landings' third-party forms), which needs that blank page.
 */
export async function runAxe(page: Page, { frames = false } = {}) {
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(!frames)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations;
}

/** Every axe finding (any impact) on the page as it is now, as `rule: target` lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  const violations = await runAxe(page);
  return violations.flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}`));
}

/** The login screen, as a member does on a new device. */
export async function logIn(page: Page, member: Pick<Member, 'email' | 'password'>) {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(member.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The store at a place of Lima, in one category. */
export async function openStore(page: Page, placeUid: string, category: string) {
  await page.goto('/products');
  await page.getByLabel('Ciudad').selectOption('area-lima');
  await page.getByLabel('Tienda', { exact: true }).selectOption(placeUid);
  await page.getByRole('button', { name: category, exact: true }).click();
}

/** Tomorrow always has slots; the first one, then the rest of a pickup paid as asked. */
export async function chooseSlot(page: Page) {
  await page.getByLabel(/^Fecha( de inicio)?$/).selectOption({ index: 1 });
  const slot = page.getByLabel('Horario', { exact: true });
  await expect(slot.locator('option')).not.toHaveCount(1);
  await slot.selectOption({ index: 1 });
}

export async function fillBilling(page: Page) {
  const billing = page.getByRole('group', { name: 'Datos de facturación' });
  await billing.getByLabel('Ciudad', { exact: true }).fill('Lima');
  await billing.getByLabel('Dirección', { exact: true }).fill('Av. Larco 345');
}
