import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { earnCoins, expect, newMember, presetCookieChoice, runAxe, tenantUrl, test } from './support.ts';

// Accessibility (issue 9): axe on every route of router.tsx, as a visitor and signed in, with no serious
// or critical violation. The table names each path of the route table with demo parameters; a path
// added to router.tsx without a case here fails the first test.
// On a phone (issue 14): each case again at 360×740 and 390×844, where the page must not be wider than
// the screen, no picture may be broken, and axe must find no violation at all (colour contrast included).

type Role = 'visitor' | 'member' | 'staff' | 'buyer';

interface Case {
  /** The path exactly as router.tsx writes it (`screen('…')` or `path: '…'`). */
  route: string;
  url: string;
  /** A demo tenant other than localhost. */
  host?: string;
  as: Role[];
  /** The page's main content once loaded; by default the first heading of the page. */
  ready?: (page: Page) => Locator;
  /** Brings up a state of the page (named in the test's title) before the check. */
  open?: { state: string; run: (page: Page) => Promise<void> };
  /** The cookie choice is not made: the banner shows. */
  banner?: boolean;
}

// Public pages are checked as a visitor; the member's shell (sidebar, header) on the member screens.
// A visitor's home is the menu (/carta).

/** Two lines in the Miraflores cart, the place chosen (reloads the page). */
async function fillCart(page: Page) {
  await page.evaluate(() => {
    const line = (uid: string, name: string, quantity: number, price: string) => ({
      id: `${uid}_0`,
      uid,
      name,
      quantity,
      unit_price: price,
      coin_price: null,
      is_redeemable: false,
      direct_purchase: false,
      image: null,
      option_groups: [],
    });
    localStorage.setItem('selectedAreaUid', 'area-lima');
    localStorage.setItem('selectedPlaceUid', 'place-miraflores');
    localStorage.setItem(
      'cart_place-miraflores',
      JSON.stringify({
        place: 'place-miraflores',
        products: {
          'p-chicha-morada_0': line('p-chicha-morada', 'Chicha morada', 2, '8.00'),
          'p-causa-limena_0': line('p-causa-limena', 'Causa limeña', 1, '18.00'),
        },
      }),
    );
  });
  await page.reload();
}

/** The ☰ menu opened, with its cart popup. */
async function openSidebarCart(page: Page) {
  await fillCart(page);
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.locator('#sidebar').getByRole('button', { name: 'Mi pedido (3)' }).click();
  await expect(
    page.locator('#cart-popup').getByRole('button', { name: 'Chicha morada', exact: true }),
  ).toBeVisible();
}

const cases: Case[] = [
  // Account pages in the logo layout.
  { route: 'login', url: '/login', as: ['visitor'] },
  { route: 'register', url: '/register', as: ['visitor'] },
  { route: 'recovery-password', url: '/recovery-password', as: ['visitor'] },
  { route: 'reset-password/:uidUser/:token', url: '/reset-password/user-1/bad-token', as: ['visitor'] },
  // Goes home: the demo home is the menu.
  { route: 'reset-password/*', url: '/reset-password/', as: ['visitor'] },
  {
    route: 'verification-email/:uidApp/:uidUser/:token',
    url: '/verification-email/demo/user-1/bad-token',
    as: ['visitor'],
    ready: (page) => page.getByRole('alert'),
  },
  { route: 'complete-info', url: '/complete-info', as: ['member'] },
  { route: 'me/delete/:uidApp/:uidUser/:token', url: '/me/delete/demo/user-1/bad-token', as: ['visitor'] },
  {
    route: ':deletionPrefix/me/delete/:uidApp/:uidUser/:token',
    url: '/cuenta/me/delete/demo/user-1/bad-token',
    as: ['visitor'],
  },
  // Policy pages.
  { route: 'terms-and-conditions', url: '/terms-and-conditions', as: ['visitor'] },
  { route: 'politics', url: '/politics', as: ['visitor'] },
  { route: 'faqs', url: '/faqs', as: ['visitor'] },
  { route: 'cookies', url: '/cookies', as: ['visitor'] },
  // Links that store a code and move on.
  { route: 'company/:companyUid/code/:code', url: '/company/demo-main/code/BIENVENIDA/', as: ['visitor'] },
  { route: 'in/:uid', url: '/in/influencer-42/', as: ['visitor'] },
  // Landings of the demo tenants.
  {
    route: 'landing',
    url: '/landing',
    host: 'multi.localhost',
    as: ['visitor'],
    ready: (page) => page.locator('[data-type="CONTACT"]'),
  },
  { route: 'landing', url: '/landing', host: 'landing.localhost', as: ['visitor'] },
  { route: 'landing', url: '/landing', host: 'market.localhost', as: ['visitor'] },
  { route: 'landing', url: '/landing', host: 'municipal.localhost', as: ['visitor'] },
  // The shell.
  { route: '/', url: '/', as: ['visitor'] },
  { route: '/', url: '/', as: ['visitor'], banner: true, ready: (page) => page.getByRole('dialog') },
  { route: '/', url: '/', host: 'multi.localhost', as: ['visitor'] },
  { route: 'carta', url: '/carta', as: ['visitor'] },
  {
    route: 'carta',
    url: '/carta',
    as: ['member'],
    open: { state: 'the menu with its cart', run: openSidebarCart },
  },
  { route: 'about', url: '/about', as: ['visitor'] },
  { route: 'cart', url: '/cart', as: ['visitor'] },
  {
    route: 'cart',
    url: '/cart',
    as: ['buyer'],
    open: {
      state: 'the checkout form',
      run: async (page) => {
        await fillCart(page);
        await page.getByRole('button', { name: 'Confirmar pedido' }).click();
        await expect(page.getByRole('form', { name: 'Finalizar pedido' })).toBeVisible();
      },
    },
  },
  { route: 'program/:programUid', url: '/program/demo-club', as: ['visitor'] },
  { route: 'program/:programUid', url: '/program/demo-club', as: ['member'] },
  { route: 'program/:programUid', url: '/program/demo-club#promotions', as: ['member'] },
  {
    route: 'program/:programUid',
    url: '/program/demo-club?promotion=promo-bienvenida#promotions',
    as: ['member'],
    ready: (page) => page.getByRole('dialog'),
  },
  { route: 'products', url: '/products', as: ['visitor'] },
  {
    route: 'products',
    url: '/products',
    as: ['member'],
    open: {
      state: 'the product dialog',
      run: async (page) => {
        await page.getByLabel('Ciudad').selectOption('area-lima');
        await page.getByLabel('Tienda', { exact: true }).selectOption('place-miraflores');
        await page.getByRole('button', { name: 'Platos de fondo' }).click();
        await page.getByRole('button', { name: /^Lomo saltado Lomo fino/ }).click();
        await expect(page.getByRole('dialog', { name: 'Lomo saltado' })).toBeVisible();
      },
    },
  },
  { route: 'events', url: '/events', as: ['visitor'] },
  { route: 'events', url: '/events?event=event-feria', as: ['member'] },
  { route: 'categories/:categoryUid', url: '/categories/cat-food', host: 'multi.localhost', as: ['visitor'] },
  // Member screens.
  { route: 'profile', url: '/profile', as: ['member'] },
  { route: 'qr', url: '/qr', as: ['member'] },
  { route: 'change-password', url: '/change-password', as: ['member'] },
  { route: 'delete', url: '/delete', as: ['member'] },
  { route: 'orders', url: '/orders', as: ['buyer'] },
  { route: 'orders/coins', url: '/orders/coins', as: ['member'] },
  { route: 'orders/:orderUid', url: '/orders/{order}', as: ['buyer'] },
  { route: 'subscription', url: '/subscription', as: ['member'] },
  { route: 'subscription/me', url: '/subscription/me', as: ['member'] },
  { route: 'raffles', url: '/raffles', as: ['member'] },
  { route: 'raffles', url: '/raffles?raffle=raffle-aniversario', as: ['member'] },
  { route: 'polls', url: '/polls', as: ['member'] },
  { route: 'polls', url: '/polls?poll=poll-satisfaccion', as: ['member'] },
  { route: 'retail/*', url: '/retail?place=place-miraflores', as: ['staff'] },
  {
    route: 'retail/*',
    url: '/retail?place=place-miraflores',
    as: ['staff'],
    open: {
      state: 'a customer found',
      run: async (page) => {
        await page.getByLabel('Buscar por').selectOption('NATIONAL_ID');
        await page.getByLabel('Valor').fill('44556677');
        await page.getByRole('button', { name: 'Buscar', exact: true }).click();
        await expect(page.locator('.customer-card').first()).toBeVisible();
      },
    },
  },
  { route: 'retail/*', url: '/retail?place=place-miraflores&tab=records', as: ['staff'] },
  { route: 'retail/*', url: '/retail?place=place-miraflores&tab=orders', as: ['staff'] },
  // Company routes of the multisite app.
  { route: 'c/:companyUid', url: '/c/multi-cafe/', host: 'multi.localhost', as: ['visitor'] },
  { route: 'products', url: '/c/multi-cafe/products', host: 'multi.localhost', as: ['visitor'] },
  {
    route: 'program/:programUid',
    url: '/c/multi-cafe/program/demo-club',
    host: 'multi.localhost',
    // Another app's program: the not-found page.
    as: ['visitor'],
  },
  { route: 'cart', url: '/c/multi-cafe/cart', host: 'multi.localhost', as: ['visitor'] },
  { route: 'events', url: '/c/multi-cafe/events', host: 'multi.localhost', as: ['visitor'] },
  { route: '*', url: '/no/such/page', as: ['visitor'] },
];

test('every path of router.tsx has a case', () => {
  const source = readFileSync(new URL('../src/app/router.tsx', import.meta.url), 'utf8');
  const paths = [...source.matchAll(/(?:screen\(\s*|path: )'([^']*)'/g)].map((match) => match[1]);
  expect(paths.length).toBeGreaterThan(30);
  const covered = new Set(cases.map((c) => c.route));
  expect(paths.filter((path) => !covered.has(path ?? ''))).toEqual([]);
});

const accounts = { member: 'socio@demo.pe', staff: 'tienda@demo.pe' } as const;
// One session per role and worker: the journeys log in once, not once per page.
const tokens = new Map<Role, Promise<{ token: string; order?: string }>>();

async function sessionOf(role: Exclude<Role, 'visitor'>, request: APIRequestContext) {
  let session = tokens.get(role);
  if (!session) {
    session = (async () => {
      if (role === 'buyer') {
        // A member of its own with a delivered order: socio@demo.pe stays read-only.
        const member = await newMember(request);
        await earnCoins(request, member, 1);
        const orders = await request.get('/api/v5/me/orders/', {
          headers: { Authorization: `Token ${member.token}` },
        });
        return { token: member.token, order: (await orders.json()).results[0].uid as string };
      }
      const login = await request.post('/api/v5/login/', {
        data: { email: accounts[role], password: 'Demo1234!' },
      });
      expect(login.status(), await login.text()).toBe(200);
      return { token: (await login.json()).token as string };
    })();
    tokens.set(role, session);
  }
  return session;
}

const phones = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
];

/** At a phone's size: nothing wider than the screen, no broken picture, no axe violation of any impact. */
async function checkOnPhone(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  // Two frames: the layout (and the media queries' re-render) settles.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const where = `${size.width}×${size.height}`;
  const layout = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth,
    wider: [...document.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        // Rows that scroll sideways on purpose (chips, ads) clip their content: only what overflows them counts.
        return (
          box.right > innerWidth + 0.5 &&
          !element.closest('[data-scrolls], .category-bar ul, .program-ads ul')
        );
      })
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`),
    broken: [...document.images]
      .filter((image) => image.complete && image.naturalWidth === 0)
      .map((image) => image.getAttribute('src')),
  }));
  expect(
    layout.scrollWidth,
    `${where}: the page is wider than the screen (${layout.wider.join(', ')})`,
  ).toBeLessThanOrEqual(layout.innerWidth);
  expect(layout.broken, `${where}: broken pictures`).toEqual([]);
  const violations = await runAxe(page);
  expect(
    violations.flatMap((v) =>
      v.nodes.map((node) => `${where} ${v.id} (${v.impact}): ${node.target.join(' ')}`),
    ),
  ).toEqual([]);
}

for (const c of cases) {
  for (const role of c.as) {
    test(`axe: ${c.host ?? 'localhost'}${c.url}${c.open ? `, ${c.open.state}` : ''}${c.banner ? ', the cookie banner' : ''} as ${role}`, async ({
      page,
      request,
    }) => {
      if (!c.banner) await presetCookieChoice(page);
      let url = c.url;
      if (role !== 'visitor') {
        const session = await sessionOf(role, request);
        url = url.replace('{order}', session.order ?? '');
        await page.addInitScript((token) => localStorage.setItem('token', token), session.token);
      }
      // A landing tenant's home pushes to its landing once per session; the cases are the pages asked for.
      if (c.host && c.route !== 'landing')
        await page.addInitScript(() => sessionStorage.setItem('redirectLanding', 'true'));
      await page.goto(c.host ? tenantUrl(c.host, url) : url);
      await expect(
        (c.ready ?? ((p: Page) => p.getByRole('heading', { level: 1 }).first()))(page),
      ).toBeVisible();
      await expect(page.locator('.loading-state')).toHaveCount(0);
      await c.open?.run(page);
      // Legacy mode runs axe in the page itself, without opening a blank page per check (the slow part on a
      // busy machine); the only frames it skips are the landings' third-party forms.
      const violations = await runAxe(page);
      const found = violations.flatMap((v) =>
        v.nodes.map((node) => ({
          serious: v.impact === 'serious' || v.impact === 'critical',
          text: `${v.id} (${v.impact}): ${node.target.join(' ')}`,
        })),
      );
      // Moderate and minor findings are listed in the report; serious and critical ones fail.
      for (const { text } of found.filter((f) => !f.serious))
        test.info().annotations.push({ type: 'axe', description: text });
      expect(found.filter((f) => f.serious).map((f) => f.text)).toEqual([]);
      for (const size of phones) await checkOnPhone(page, size);
    });
  }
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus. Every stop on the way must show the
 * focus: the element matches :focus-visible and draws an outline or a shadow.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  const wanted = await target.elementHandle();
  for (let step = 0; step < max; step += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const stop = await page.evaluate((element) => {
      const active = document.activeElement as HTMLElement;
      const style = getComputedStyle(active);
      return {
        reached: active === element,
        name: `${active.tagName.toLowerCase()} ${active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40) ?? ''}`,
        shown:
          active.matches(':focus-visible') &&
          ((style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2) ||
            style.boxShadow !== 'none'),
      };
    }, wanted);
    expect(stop.shown, `no visible focus on ${stop.name}`).toBe(true);
    if (stop.reached) return;
  }
  throw new Error(`${target} is not reachable by keyboard`);
}

/** Moves a focused <select> with the arrow keys until it shows `value`. */
async function arrowTo(page: Page, select: Locator, value: string) {
  for (let step = 0; step < 20 && (await select.inputValue()) !== value; step += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(select).toHaveValue(value);
}

test('keyboard only: a new member orders a product with options for pickup, paid in cash', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const member = await newMember(request);
  await presetCookieChoice(page);
  await page.addInitScript((token) => localStorage.setItem('token', token), member.token);
  await page.goto('/products');
  // The storefront styles every keyboard stop's focus itself (a :focus-visible rule).
  const focusRules = await page.evaluate(
    () =>
      [...document.styleSheets].flatMap((sheet) =>
        [...sheet.cssRules].filter(
          (rule) => rule instanceof CSSStyleRule && rule.selectorText.includes(':focus-visible'),
        ),
      ).length,
  );
  expect(focusRules).toBeGreaterThan(0);

  const city = page.getByLabel('Ciudad');
  await tabTo(page, city);
  await arrowTo(page, city, 'area-lima');
  const store = page.getByLabel('Tienda', { exact: true });
  await tabTo(page, store);
  await arrowTo(page, store, 'place-miraflores');
  await tabTo(page, page.getByRole('button', { name: 'Platos de fondo' }));
  await page.keyboard.press('Enter');
  const card = page.getByRole('button', { name: /^Lomo saltado Lomo fino/ });
  await tabTo(page, card);
  await page.keyboard.press('Enter');

  // The popup takes the focus and keeps it; the required option is chosen with Space.
  const popup = page.getByRole('dialog', { name: 'Lomo saltado' });
  await expect(popup).toBeVisible();
  await expect(popup.locator(':focus')).toHaveCount(1);
  await tabTo(page, popup.getByLabel('Jugoso'));
  await page.keyboard.press('Space');
  await expect(popup.getByLabel('Jugoso')).toBeChecked();
  await tabTo(page, popup.getByRole('button', { name: /Agregar/ }));
  await page.keyboard.press('Enter');
  await expect(popup).toHaveCount(0);
  // Closing gives the focus back to the card that opened it.
  await expect(card).toBeFocused();

  // The cart from the sidebar: menu, My Order, View my order.
  const menu = page.getByRole('button', { name: 'Abrir menú' });
  await tabTo(page, menu, { back: true });
  await page.keyboard.press('Enter');
  const sidebar = page.locator('#sidebar');
  await tabTo(page, sidebar.getByRole('button', { name: 'Mi pedido (1)' }));
  await page.keyboard.press('Enter');
  await tabTo(page, sidebar.getByRole('link', { name: 'Ver mi pedido' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart$/);

  await tabTo(page, page.getByRole('button', { name: 'Confirmar pedido' }));
  await page.keyboard.press('Enter');
  const checkout = page.getByRole('form', { name: 'Finalizar pedido' });
  await expect(checkout).toBeVisible();
  await expect(checkout.getByLabel('Recojo en tienda')).toBeChecked();
  const date = checkout.getByLabel(/^Fecha( de inicio)?$/);
  await tabTo(page, date);
  await page.keyboard.press('ArrowDown');
  const slot = checkout.getByLabel('Horario', { exact: true });
  await expect(slot.locator('option')).not.toHaveCount(1);
  await tabTo(page, slot);
  await page.keyboard.press('ArrowDown');
  await expect(slot).not.toHaveValue('');
  // A radio group is one tab stop; the arrows move the choice to cash.
  const cash = checkout.getByLabel('Efectivo');
  await tabTo(page, checkout.getByRole('group', { name: 'Método de pago' }).getByRole('radio').first());
  for (let step = 0; step < 5 && !(await cash.isChecked()); step += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(cash).toBeChecked();
  // The button waits for the order's quote after a change of method: a disabled button is no tab stop.
  const place = checkout.getByRole('button', { name: 'Realizar pedido' });
  await expect(place).toBeEnabled();
  await tabTo(page, place);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const title = page.getByRole('heading', { name: /Pedido #\d+/ });
  const number = (await title.textContent()) ?? '';

  // My orders from the sidebar: the new order is there, its link reached by keyboard.
  await tabTo(page, menu, { back: true });
  await page.keyboard.press('Enter');
  await tabTo(page, sidebar.getByRole('link', { name: 'Mis pedidos' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/orders$/);
  const row = page.locator('.order-row').filter({ hasText: number.replace(/^Pedido /, '') });
  await expect(row).toContainText('Recibido');
  await tabTo(page, row.getByRole('link'));
});
