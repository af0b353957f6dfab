import type { App } from '@storefront/contracts/app';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectInert, XSS_PAYLOADS } from '../../../components/ui/xss-corpus.ts';
import { AppRecordProvider } from '../../../lib/app-context.tsx';
import { initI18n } from '../../../lib/i18n.ts';
import { Component as FaqsPage } from './faqs-page.tsx';
import { PolicyText } from './policy-text.tsx';

// The legal pages show the tenant's HTML (FAQs, terms, privacy): every payload of the XSS corpus must
// come out inert, next to the page's own heading in the reader's language.

const company = { uid: 'c', name: 'Demo', logo: null };
const appWithFaqs = (faqs: string) =>
  ({ name: 'Demo', logo: null, company, allowed_companies: [company], site: { faqs } }) as unknown as App;
const withApp = (app: App, children: ReactNode) => (
  <AppRecordProvider app={app}>{children}</AppRecordProvider>
);

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

describe('tenant HTML on the legal pages', () => {
  it.each(XSS_PAYLOADS)('FAQs, terms and privacy render %s inert', (payload) => {
    const faqs = render(withApp(appWithFaqs(payload), <FaqsPage />));
    expect(faqs.container.querySelector('.tenant-html')).not.toBeNull();
    expectInert(faqs.container, payload);
    faqs.unmount();
    for (const page of ['terms', 'privacy'] as const) {
      const policy = render(<PolicyText page={page} html={payload} />);
      expect(policy.container.querySelector('.tenant-html')).not.toBeNull();
      expectInert(policy.container, payload);
      policy.unmount();
    }
  });

  it('shows the tenant text under the page heading', () => {
    render(withApp(appWithFaqs('<p>¿Hacen delivery? <strong>Sí</strong></p>'), <FaqsPage />));
    expect(screen.getByRole('heading', { level: 1 }).textContent).not.toBe('');
    expect(screen.getByText('Sí').tagName).toBe('STRONG');
  });
});
