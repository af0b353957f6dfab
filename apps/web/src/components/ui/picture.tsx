import { mediaSrcSet } from '@storefront/contracts/media';
import { type ImgHTMLAttributes, useState } from 'react';
import { type Brand, useBrand } from '../../lib/brand.ts';

interface PictureProps
  extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt' | 'onError'> {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  /** How wide the picture shows, for an uploaded image's several widths; by default its `width` in px. */
  sizes?: string;
}

/** The `sizes` of a picture that fills a card of a grid: the page's width on a phone, else a column. */
export const CARD_PICTURE_SIZES = '(max-width: 599px) 100vw, 320px';

/** Up to two initials of a name: "Sabores Demo" → "SD". */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toLocaleUpperCase() ?? '')
    .join('');

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** A picture of the given size in the company's colours with its initials, as an SVG data URL. */
export function initialsPicture(
  name: string,
  { mainColor: main, menuColor: menu }: Pick<Brand, 'mainColor' | 'menuColor'>,
  width: number,
  height: number,
): string {
  const size = Math.round(Math.min(width, height) * 0.36);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" x2="1" y2="1"><stop stop-color="${escapeXml(main)}"/>` +
    `<stop offset="1" stop-color="${escapeXml(menu)}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>` +
    `<text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" fill="#fff" ` +
    `font-family="system-ui,sans-serif" font-weight="700" font-size="${size}">${escapeXml(initialsOf(name))}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/**
 * Every picture of the storefront. Without an address, or when it fails to load, the same <img> shows
 * the company's colours and initials instead (same box, same alt text): never a broken-image box. An
 * uploaded image stored in several widths gets a `srcset` of them (decision 020), so a phone fetches
 * the narrow file and a wide screen the sharp one.
 */
export function Picture({ src, alt, width, height, sizes, ...rest }: PictureProps) {
  const brand = useBrand();
  const [failed, setFailed] = useState<string | null>(null);
  const missing = !src || failed === src;
  const srcSet = missing ? undefined : mediaSrcSet(src);
  return (
    <img
      {...rest}
      src={missing ? initialsPicture(brand.name || alt, brand, width, height) : src}
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? `${width}px`) : undefined}
      alt={alt}
      width={width}
      height={height}
      data-fallback={missing ? '' : undefined}
      onError={missing ? undefined : () => setFailed(src)}
    />
  );
}
