import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BrandName } from '../../lib/brand.ts';
import { initialsOf, Picture } from './picture.tsx';

const initialsIn = (src: string | null) =>
  decodeURIComponent(src ?? '').match(/<text[^>]*>([^<]*)<\/text>/)?.[1];

describe('Picture', () => {
  afterEach(cleanup);

  it('shows the picture while it loads fine', () => {
    render(<Picture src="/demo/images/program.webp" alt="Club Sabores" width={96} height={96} />);
    expect(screen.getByRole('img', { name: 'Club Sabores' }).getAttribute('src')).toBe(
      '/demo/images/program.webp',
    );
  });

  it("turns a picture that fails to load into the company's initials, same size and name", () => {
    render(
      <BrandName.Provider value="Sabores Demo">
        <Picture
          src="/demo/missing.webp"
          alt="Club Sabores"
          width={320}
          height={160}
          className="card-image"
        />
      </BrandName.Provider>,
    );
    const image = screen.getByRole('img', { name: 'Club Sabores' });
    fireEvent.error(image);
    const src = image.getAttribute('src');
    expect(src).toMatch(/^data:image\/svg\+xml,/);
    expect(initialsIn(src)).toBe('SD');
    expect(decodeURIComponent(src ?? '')).toContain('viewBox="0 0 320 160"');
    expect(image.getAttribute('width')).toBe('320');
    expect(image.className).toBe('card-image');
  });

  it('shows the initials when there is no picture at all, from the alt text without a brand', () => {
    render(<Picture src={null} alt="Café <Lima>" width={64} height={64} />);
    const src = screen.getByRole('img', { name: 'Café <Lima>' }).getAttribute('src');
    expect(initialsIn(src)).toBe('C&#60;');
  });

  it('takes up to two initials', () => {
    expect(initialsOf('sabores demo del perú')).toBe('SD');
    expect(initialsOf('  Grifo ')).toBe('G');
    expect(initialsOf('')).toBe('');
  });
});
