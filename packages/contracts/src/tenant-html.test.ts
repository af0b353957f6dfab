import { describe, expect, it } from 'vitest';
import { safeUrl } from './tenant-html.ts';

describe('safeUrl', () => {
  it('keeps web, mail, phone and site-relative links', () => {
    expect(safeUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeUrl('http://multi.localhost/products')).toBe('http://multi.localhost/products');
    expect(safeUrl('mailto:a@b.pe')).toBe('mailto:a@b.pe');
    expect(safeUrl('tel:+51999')).toBe('tel:+51999');
    expect(safeUrl('/demo/landing/hero.svg', { images: true })).toBe('/demo/landing/hero.svg');
  });

  it('drops script, data and protocol-relative addresses however they are written', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'jav\tascript:alert(1)',
      'java\nscript:alert(1)',
      '\u0001javascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      '//evil.example/x',
      '/\\evil.example',
      '/\\/evil.example',
      '/a\\..\\..\\\\evil.example',
      'not a url',
      '',
      null,
    ]) {
      expect(safeUrl(bad)).toBeNull();
    }
  });

  it('loads images only over https or from the site itself', () => {
    expect(safeUrl('http://evil.example/x.png', { images: true })).toBeNull();
    expect(safeUrl('https://cdn.example/x.png', { images: true })).toBe('https://cdn.example/x.png');
    // Browsers read a backslash as a slash: this would load from evil.example.
    expect(safeUrl('/\\evil.example/x.png', { images: true })).toBeNull();
  });
});
