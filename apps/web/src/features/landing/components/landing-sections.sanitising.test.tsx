import type { App } from '@storefront/contracts/app';
import type { LandingSection } from '@storefront/contracts/content';
import { cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectInert, XSS_PAYLOADS } from '../../../components/ui/xss-corpus.ts';
import { AppRecordProvider } from '../../../lib/app-context.tsx';
import { initI18n } from '../../../lib/i18n.ts';
import { LandingSectionView } from './landing-sections.tsx';

// Every landing section type that shows tenant HTML (titles, contents, subtitles, button labels), with
// each payload of the XSS corpus in every one of those fields and in every link.

const company = {
  uid: 'c',
  name: 'Demo',
  logo: null,
  whatsapp_number: '+51987654321',
  ecommerce_enabled: true,
};
const app = {
  name: 'Demo',
  logo: null,
  domain: 'localhost',
  company,
  allowed_companies: [company],
  allowed_programs: [],
} as unknown as App;

const TYPES: LandingSection['type'][] = [
  'WELCOME',
  'INFORMATIVE',
  'CARD',
  'SMALL_IMAGE',
  'CAROUSEL',
  'FORM',
  'CONTACT',
];

function sectionsWith(html: string): LandingSection[] {
  const button = (uid: string, link: string) => ({ uid, tittle: html, link });
  const image = { uid: 'i', image: html, link: html, is_active: true, spatial_position: 'LEFT' as const };
  const card = {
    uid: 'card',
    is_active: true,
    tittle: html,
    subtittle: html,
    content: html,
    color: null,
    buttons: [button('cb', 'https://example.pe/')],
    images: [image],
  };
  return TYPES.map((type) => ({
    uid: type,
    type,
    is_active: true,
    tittle: html,
    content: html,
    link: html,
    buttons: [button('b1', 'https://example.pe/'), button('b2', '/'), button('b3', html)],
    cards: [card],
    images: [image],
  }));
}

function renderSections(html: string) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          {sectionsWith(html).map((section) => (
            <LandingSectionView key={section.uid} section={section} />
          ))}
        </>
      ),
    },
  ]);
  return render(
    <AppRecordProvider app={app}>
      <RouterProvider router={router} />
    </AppRecordProvider>,
  );
}

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

describe('tenant HTML in the landing sections', () => {
  it.each(XSS_PAYLOADS)('renders %s inert in every section type', (payload) => {
    const { container } = renderSections(payload);
    expect(container.querySelectorAll('section[data-type]').length).toBe(TYPES.length);
    expect(container.querySelectorAll('.tenant-html').length).toBeGreaterThanOrEqual(5);
    expectInert(container, payload);
  });

  it('shows the tenant formatting in titles, contents and buttons', () => {
    const { container } = renderSections('<em>Hola</em>');
    expect(container.querySelectorAll('h2 em').length).toBeGreaterThanOrEqual(TYPES.length - 1);
    expect(container.querySelectorAll('.tenant-html em').length).toBeGreaterThanOrEqual(5);
    expect(container.querySelectorAll('a.button em, a.button span em').length).toBeGreaterThan(0);
  });
});
