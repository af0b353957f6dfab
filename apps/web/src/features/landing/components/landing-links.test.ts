import type { App, Company } from '@storefront/contracts/app';
import { describe, expect, it } from 'vitest';
import {
  activeCards,
  cardColor,
  isNarrowScreen,
  marketplaceAdminUrl,
  welcomeTarget,
  whatsappLink,
} from './landing-links.ts';

const company = { ecommerce_enabled: true } as Company;
const app = { domain: 'multi.localhost', allowed_programs: [{ uid: 'p1' }] } as unknown as App;

describe('landing rules', () => {
  it('narrow screen is width under 500 and height under 1000', () => {
    expect(isNarrowScreen(499, 999)).toBe(true);
    expect(isNarrowScreen(500, 800)).toBe(false);
    expect(isNarrowScreen(400, 1000)).toBe(false);
  });

  it('WhatsApp uses the api link on narrow screens and carries the greeting', () => {
    expect(whatsappLink('+51 987 654 321', true)).toBe('https://api.whatsapp.com/send?phone=51987654321');
    expect(whatsappLink('51987654321', false, 'Hola! Estoy interesado en tu servicio')).toBe(
      'https://web.whatsapp.com/send?phone=51987654321&text=Hola%21+Estoy+interesado+en+tu+servicio',
    );
  });

  it('keeps at most 3 active cards', () => {
    const cards = [true, false, true, true, true].map((is_active, uid) => ({ uid, is_active }));
    expect(activeCards(cards).map((c) => c.uid)).toEqual([0, 2, 3]);
  });

  it('reads card colours as hex with or without #', () => {
    expect(cardColor('#0f766e')).toBe('#0f766e');
    expect(cardColor('c2410c')).toBe('#c2410c');
    expect(cardColor('red;background:url(x)')).toBeUndefined();
    expect(cardColor(null)).toBeUndefined();
  });

  it('WELCOME buttons: own domain to products or the first program, others outside, unsafe ones nowhere', () => {
    expect(welcomeTarget('http://multi.localhost/x', app, company, 'multi.localhost')).toEqual({
      internal: '/products',
    });
    expect(
      welcomeTarget('https://www.multi.localhost/', app, { ecommerce_enabled: false } as Company, 'x'),
    ).toEqual({ internal: '/program/p1' });
    expect(welcomeTarget('https://example.com/a', app, company, 'multi.localhost')).toEqual({
      external: 'https://example.com/a',
    });
    expect(welcomeTarget('javascript:alert(1)', app, company, 'multi.localhost')).toBeNull();
  });

  it("a marketplace's administrator link opens the build's admin URL, else the installation's admin site", () => {
    const record = { admin_url: 'http://admin.localhost:8080/' };
    expect(marketplaceAdminUrl(record, undefined)).toBe('http://admin.localhost:8080/');
    expect(marketplaceAdminUrl(record, '')).toBe('http://admin.localhost:8080/');
    expect(marketplaceAdminUrl(record, 'https://admin.example.com/')).toBe('https://admin.example.com/');
  });
});
