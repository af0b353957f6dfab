import type { Page, Route } from '@playwright/test';
import { expect, runAxe, tenantUrl, test } from './support.ts';

/** Stores the cookie choices so that the banner stays away. */
async function acceptedCookies(page: Page) {
  await page.addInitScript(() => {
    // Init scripts also run in the webinar frame, whose storage is not the storefront's.
    if (window !== window.top) return;
    localStorage.setItem('version', '1.0.2');
    localStorage.setItem('cookie_ga', 'false');
    localStorage.setItem('cookie_guid', 'false');
  });
}

/** Holds the webinar form's request until released, so the 'Cargando…' fallback can be seen. */
async function heldForm(page: Page, href: string) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.href === href,
    async (route: Route) => {
      await held;
      await route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Webinar</title><p>Formulario</p>',
      });
    },
  );
  return () => release();
}

const variants = [
  {
    kind: 'MARKET',
    host: 'market.localhost',
    title: 'Vende en línea con Mercado Central',
    // The app's active FORM section is the webinar form; the company's WhatsApp is the support chat.
    form: 'https://forms.example.com/market-webinar?embedded=true',
    support: '51922333444',
  },
  {
    kind: 'MUNICIPAL',
    host: 'municipal.localhost',
    title: 'Municipalidad Demo impulsa a los negocios de tu distrito',
    // No FORM section and no WhatsApp number: the default form and DEFAULT_SUPPORT_NUMBER.
    form: 'https://docs.google.com/forms/d/e/webinar-tiendas/viewform?embedded=true',
    support: '51946000000',
  },
] as const;

for (const variant of variants) {
  test(`the ${variant.kind} landing renders its links, the form fallback and the support chat`, async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await acceptedCookies(page);
    const releaseForm = await heldForm(page, variant.form);
    await page.goto(tenantUrl(variant.host, '/landing'));

    await expect(page.getByRole('heading', { level: 1, name: variant.title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Registra tu tienda' })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: 'Ir al marketplace' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'Términos y condiciones' })).toHaveAttribute(
      'href',
      '/terms-and-conditions',
    );

    // The form embed: 'Cargando…' until the sandboxed https frame has loaded.
    const frame = page.getByTitle('Inscríbete al webinar gratuito');
    await expect(frame).toHaveAttribute('src', variant.form);
    await expect(frame).toHaveAttribute('sandbox', /allow-forms/);
    await expect(page.getByRole('status').filter({ hasText: 'Cargando…' })).toBeVisible();
    releaseForm();
    await expect(page.frameLocator('iframe.landing-form').getByText('Formulario')).toBeVisible();
    await expect(page.getByText('Cargando…')).toHaveCount(0);

    const support = page.getByRole('link', { name: 'Chatea con soporte' });
    await expect(support).toHaveAttribute('href', new RegExp(`phone=${variant.support}&text=Hola%21`));
    await expect(support).toHaveAttribute('target', '_blank');

    const violations = await runAxe(page, { frames: true });
    const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('a narrow screen gets the mobile WhatsApp link for support', async ({ page }) => {
  await acceptedCookies(page);
  await page.setViewportSize({ width: 400, height: 800 });
  await page.route('https://forms.example.com/**', (route) => route.fulfill({ body: '' }));
  await page.goto(tenantUrl('market.localhost', '/landing'));
  await expect(page.getByRole('link', { name: 'Chatea con soporte' })).toHaveAttribute(
    'href',
    /^https:\/\/api\.whatsapp\.com\/send\?phone=51922333444/,
  );
});
