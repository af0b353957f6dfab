import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BrandContext } from '../../lib/brand.ts';
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
      <BrandContext.Provider value={{ name: 'Sabores Demo', mainColor: '#c2410c', menuColor: '#1f2937' }}>
        <Picture
          src="/demo/missing.webp"
          alt="Club Sabores"
          width={320}
          height={160}
          className="card-image"
        />
      </BrandContext.Provider>,
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

  it('offers every stored width of an uploaded image, sized as the caller shows it', () => {
    render(
      <Picture
        src="/media/img1/1280.webp"
        alt="Causa"
        width={320}
        height={240}
        sizes="(max-width: 599px) 100vw, 320px"
      />,
    );
    const image = screen.getByRole('img', { name: 'Causa' });
    expect(image.getAttribute('src')).toBe('/media/img1/1280.webp');
    expect(image.getAttribute('srcset')).toBe(
      '/media/img1/320.webp 320w, /media/img1/640.webp 640w, /media/img1/1280.webp 1280w',
    );
    expect(image.getAttribute('sizes')).toBe('(max-width: 599px) 100vw, 320px');
  });

  it('sizes an uploaded image by its width attribute unless told, and drops the widths when it fails', () => {
    render(<Picture src="/media/img2/700.webp" alt="Lomo" width={480} height={240} />);
    const image = screen.getByRole('img', { name: 'Lomo' });
    expect(image.getAttribute('srcset')).toBe(
      '/media/img2/320.webp 320w, /media/img2/640.webp 640w, /media/img2/700.webp 700w',
    );
    expect(image.getAttribute('sizes')).toBe('480px');
    fireEvent.error(image);
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    expect(image.hasAttribute('srcset')).toBe(false);
    expect(image.hasAttribute('sizes')).toBe(false);
  });

  it('gives other pictures and single-width uploads no srcset', () => {
    render(<Picture src="/demo/images/program.webp" alt="Club" width={96} height={96} sizes="96px" />);
    render(<Picture src="/media/img3/300.webp" alt="Mini" width={96} height={96} />);
    for (const name of ['Club', 'Mini']) {
      const image = screen.getByRole('img', { name });
      expect(image.hasAttribute('srcset')).toBe(false);
      expect(image.hasAttribute('sizes')).toBe(false);
    }
  });

  it('takes up to two initials', () => {
    expect(initialsOf('sabores demo del perú')).toBe('SD');
    expect(initialsOf('  Grifo ')).toBe('G');
    expect(initialsOf('')).toBe('');
  });
});
