import { safeUrl } from '@storefront/contracts/tenant-html';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SafeHtml } from './safe-html.tsx';
import { executableParts, expectInert, XSS_PAYLOADS } from './xss-corpus.ts';

afterEach(cleanup);

describe('SafeHtml rendered', () => {
  it.each(XSS_PAYLOADS)('renders %s inert, as a div and as a span', (payload) => {
    for (const as of ['div', 'span'] as const) {
      const { container, unmount } = render(<SafeHtml html={payload} as={as} className="tenant-html" />);
      expect(container.firstElementChild?.tagName).toBe(as.toUpperCase());
      expect(container.firstElementChild?.className).toBe('tenant-html');
      expectInert(container, payload);
      unmount();
    }
  });

  it('keeps the formatting, links and https images tenants write', () => {
    const { container } = render(
      <SafeHtml html='<h2>Hola</h2><p><strong>x</strong> <a href="https://a.pe/">a</a> <a href="/carta">c</a> <a href="mailto:a@a.pe">m</a> <img src="https://cdn.pe/i.png" alt="i"></p>' />,
    );
    expect(container.querySelector('h2')?.textContent).toBe('Hola');
    expect(container.querySelector('strong')?.textContent).toBe('x');
    const [external, internal, mail] = container.querySelectorAll('a');
    expect(external?.getAttribute('href')).toBe('https://a.pe/');
    expect(external?.getAttribute('target')).toBe('_blank');
    expect(external?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(internal?.getAttribute('href')).toBe('/carta');
    expect(internal?.hasAttribute('target')).toBe(false);
    expect(mail?.getAttribute('href')).toBe('mailto:a@a.pe');
    expect(mail?.hasAttribute('target')).toBe(false);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://cdn.pe/i.png');
    expect(executableParts(container)).toEqual([]);
  });

  it('drops what may not show: http images, forms, media, inline styles', () => {
    const { container } = render(
      <SafeHtml html='<img src="http://cdn.pe/i.png" alt="h"><p style="color:red" background="https://x.pe/b.png">t</p><form><input><button>b</button><textarea></textarea><select></select></form><video src="https://x.pe/v.mp4"></video><audio></audio><picture><source srcset="https://x.pe/a.png"></picture><img src="https://x.pe/i.png" srcset="https://x.pe/j.png 2x"><a href="https://a.pe/" formaction="https://x.pe/">a</a><div poster="https://x.pe/p.png">d</div>' />,
    );
    expect(container.querySelector('img[alt="h"]')?.hasAttribute('src')).toBe(false);
    expect(container.querySelector('p')?.outerHTML).toBe('<p>t</p>');
    for (const tag of [
      'form',
      'input',
      'button',
      'textarea',
      'select',
      'video',
      'audio',
      'picture',
      'source',
    ]) {
      expect(container.querySelector(tag), tag).toBeNull();
    }
    expect(container.querySelector('img[srcset]')).toBeNull();
    expect(container.querySelector('a')?.hasAttribute('formaction')).toBe(false);
    expect(container.querySelector('div div')?.hasAttribute('poster')).toBe(false);
  });

  it('opens only absolute web links in a new tab, and drops links that leave for another host unsafely', () => {
    const { container } = render(
      <SafeHtml html='<a href="http://a.pe/">h</a><a href="/ir?to=https://a.pe">i</a><a href="//evil.example/x">p</a><a href="	https://b.pe/">t</a>' />,
    );
    const [http, internal, protocolRelative, tabbed] = container.querySelectorAll('a');
    expect(http?.getAttribute('target')).toBe('_blank');
    expect(internal?.getAttribute('href')).toBe('/ir?to=https://a.pe');
    expect(internal?.hasAttribute('target')).toBe(false);
    expect(protocolRelative?.hasAttribute('href')).toBe(false);
    expect(tabbed?.getAttribute('href')).toBe('https://b.pe/');
    expect(safeUrl(' \thttps://c.pe/')).toBe('https://c.pe/');
  });

  it('sanitises again when the HTML changes', () => {
    const { container, rerender } = render(<SafeHtml html="<p>uno</p>" />);
    rerender(<SafeHtml html='<p>dos</p><img src="x" onerror="alert(1)">' />);
    expect(container.querySelector('p')?.textContent).toBe('dos');
    expect(executableParts(container)).toEqual([]);
  });
});
