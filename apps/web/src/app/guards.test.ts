import type { App, Company } from '@storefront/contracts/app';
import { describe, expect, it } from 'vitest';
import { allModulesHidden, companyPrefix } from '../lib/company.ts';
import {
  categoriesRedirect,
  couponTarget,
  deletionRedirect,
  eventsRedirect,
  guestOnlyRedirect,
  homeTarget,
  landingRedirect,
  loggedOutOnlyRedirect,
  memberOnlyRedirect,
  productsRedirect,
  shellRedirect,
  shouldPushLanding,
} from './guards.ts';

const company = (over: Partial<Company> = {}): Company => ({
  uid: 'main',
  name: 'Main',
  description: '',
  logo: null,
  logo_rectangle: null,
  banner: null,
  cover: null,
  whatsapp_number: null,
  ecommerce_enabled: true,
  benefit_programs_enabled: true,
  subscription_enabled: false,
  delivery_service: false,
  submodules: [],
  hidden_for_members: [],
  social_links: {},
  is_main: true,
  ...over,
});

const app = (over: Partial<App> = {}): App => {
  const main = company();
  return {
    uid: 'demo',
    name: 'Demo',
    domain: 'localhost',
    subdomain: null,
    favicon: null,
    logo: null,
    api_key: 'k',
    company: main,
    allowed_companies: [main],
    allowed_programs: [],
    allow_anonymous_navigation: true,
    allow_signup: true,
    landing_page: false,
    landing_page_type: 'MODEL_2',
    empty_page: false,
    marketplace: false,
    admin_url: 'http://admin.localhost/',
    signin_methods: [],
    recaptcha_settings: null,
    site_firebase_settings: null,
    firebase_settings: null,
    countries: [],
    validate_document: false,
    validate_mobile_number: false,
    site: { faqs: null, privacy_policies: null, terms_and_conditions: null, cookies: null },
    deletion_path_prefix: null,
    events_enabled: false,
    maintenance: false,
    colors: { main_color: null, menu_color: null },
    currency: { symbol: 'S/' },
    language: 'es',
    languages: ['es', 'en'],
    ...over,
  };
};

const multi = () => {
  const main = company();
  return app({ allowed_companies: [main, company({ uid: 'cafe', is_main: false })] });
};

describe('shell and account guards', () => {
  it('sends a visitor to /login when anonymous navigation is off, and lets members in', () => {
    expect(shellRedirect({ app: app(), loggedIn: false })).toBeNull();
    expect(shellRedirect({ app: app({ allow_anonymous_navigation: false }), loggedIn: false })).toBe(
      '/login',
    );
    expect(shellRedirect({ app: app({ allow_anonymous_navigation: false }), loggedIn: true })).toBeNull();
    expect(
      shellRedirect({ app: app({ allow_anonymous_navigation: false, empty_page: true }), loggedIn: false }),
    ).toBeNull();
  });

  it('opens /login and /register only to visitors of a non-empty page; /register needs signup', () => {
    expect(guestOnlyRedirect({ app: app(), loggedIn: false }, 'login')).toBeNull();
    expect(guestOnlyRedirect({ app: app(), loggedIn: true }, 'login')).toBe('/');
    // A session started on the page leaves for the landing its login chose, in that one redirect.
    expect(guestOnlyRedirect({ app: app(), loggedIn: true, landing: '/complete-info' }, 'register')).toBe(
      '/complete-info',
    );
    expect(guestOnlyRedirect({ app: app({ empty_page: true }), loggedIn: false }, 'login')).toBe('/');
    expect(guestOnlyRedirect({ app: app(), loggedIn: false }, 'register')).toBeNull();
    expect(guestOnlyRedirect({ app: app({ allow_signup: false }), loggedIn: false }, 'register')).toBe(
      '/login',
    );
    expect(guestOnlyRedirect({ app: app({ allow_signup: false }), loggedIn: false }, 'login')).toBeNull();
  });

  it('sends logged-in users away from recovery and visitors away from member screens', () => {
    expect(loggedOutOnlyRedirect({ app: app(), loggedIn: true })).toBe('/');
    expect(loggedOutOnlyRedirect({ app: app(), loggedIn: false })).toBeNull();
    expect(memberOnlyRedirect({ app: app(), loggedIn: false })).toBe('/login');
    expect(memberOnlyRedirect({ app: app(), loggedIn: true })).toBeNull();
  });
});

describe('home and module guards', () => {
  it('goes home to /carta when the cart is shown, else the first allowed program, else stays (logo only)', () => {
    // The menu first when the cart is shown; the first program when the cart is hidden.
    expect(homeTarget(app({ allowed_programs: [{ uid: 'p1' }, { uid: 'p2' }] }))).toBe('/carta');
    expect(homeTarget(app())).toBe('/carta');
    const cartHidden = company({ hidden_for_members: ['cart'] });
    expect(
      homeTarget(
        app({ company: cartHidden, allowed_companies: [cartHidden], allowed_programs: [{ uid: 'p1' }] }),
      ),
    ).toBe('/program/p1');
    const hidden = company({ hidden_for_members: ['cart', 'store', 'program'] });
    expect(
      homeTarget(app({ company: hidden, allowed_companies: [hidden], allowed_programs: [{ uid: 'p1' }] })),
    ).toBeNull();
    expect(allModulesHidden(hidden)).toBe(true);
    expect(allModulesHidden(company({ hidden_for_members: ['cart'] }))).toBe(false);
    const programHidden = company({ hidden_for_members: ['program'] });
    expect(
      homeTarget(
        app({
          company: programHidden,
          allowed_companies: [programHidden],
          allowed_programs: [{ uid: 'p1' }],
        }),
      ),
    ).toBe('/carta');
  });

  it('shows the company and category view on multi-company apps', () => {
    expect(homeTarget(multi())).toBeNull();
    expect(categoriesRedirect({ app: multi(), loggedIn: false })).toBeNull();
    expect(categoriesRedirect({ app: app(), loggedIn: false })).toBe('/');
  });

  it('opens /products only with ecommerce enabled', () => {
    expect(productsRedirect(company())).toBeNull();
    expect(productsRedirect(company({ ecommerce_enabled: false }))).toBe('/');
    expect(productsRedirect(null)).toBe('/');
  });

  it('shows events only where enabled and /landing only with a landing page', () => {
    expect(eventsRedirect({ app: app(), loggedIn: false })).toBe('/');
    expect(eventsRedirect({ app: app({ events_enabled: true }), loggedIn: false })).toBeNull();
    expect(landingRedirect({ app: app(), loggedIn: false })).toBe('/');
    expect(landingRedirect({ app: app({ landing_page: true }), loggedIn: false })).toBeNull();
    // The admin site's preview shows a landing that is switched off.
    expect(landingRedirect({ app: app(), loggedIn: false, preview: true })).toBeNull();
  });

  it('pushes to /landing once per session from / or /landing', () => {
    const withLanding = app({ landing_page: true });
    expect(shouldPushLanding(withLanding, '/', false)).toBe(true);
    expect(shouldPushLanding(withLanding, '/landing', false)).toBe(true);
    expect(shouldPushLanding(withLanding, '/', true)).toBe(false);
    expect(shouldPushLanding(withLanding, '/carta', false)).toBe(false);
    expect(shouldPushLanding(app(), '/', false)).toBe(false);
  });
});

describe('multisite, coupons and deletion links', () => {
  it('prefixes routes of a child company with /c/{uid}', () => {
    expect(companyPrefix(multi(), 'cafe')).toBe('/c/cafe');
    expect(companyPrefix(multi(), 'main')).toBe('');
    expect(companyPrefix(app(), 'main')).toBe('');
  });

  it('sends a coupon link to the products page, prefixed when the company is allowed', () => {
    expect(couponTarget(multi(), 'cafe')).toBe('/c/cafe/products');
    expect(couponTarget(multi(), 'elsewhere')).toBe('/products');
    expect(couponTarget(app(), 'main')).toBe('/products');
  });

  it('moves deletion links to and from the customer prefix', () => {
    const prefixed = app({ deletion_path_prefix: 'repsol' });
    expect(deletionRedirect(prefixed, '/me/delete/a/u/t', null)).toBe('/repsol/me/delete/a/u/t');
    expect(deletionRedirect(prefixed, '/repsol/me/delete/a/u/t', 'repsol')).toBeNull();
    expect(deletionRedirect(app(), '/me/delete/a/u/t', null)).toBeNull();
    expect(deletionRedirect(app(), '/repsol/me/delete/a/u/t', 'repsol')).toBe('/me/delete/a/u/t');
  });
});
