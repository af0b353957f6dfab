import { describe, expect, it } from 'vitest';
import { mediaSrcSet, mediaUrl, mediaWidths } from './media.ts';

describe('media widths and addresses', () => {
  it('keeps the standard widths below a picture’s own, then its own, never above 1280', () => {
    expect(mediaWidths(4000)).toEqual([320, 640, 1280]);
    expect(mediaWidths(1280)).toEqual([320, 640, 1280]);
    expect(mediaWidths(900)).toEqual([320, 640, 900]);
    expect(mediaWidths(640)).toEqual([320, 640]);
    expect(mediaWidths(321)).toEqual([320, 321]);
    expect(mediaWidths(320)).toEqual([320]);
    expect(mediaWidths(50)).toEqual([50]);
  });

  it('lists every stored width of an uploaded image from its widest address', () => {
    expect(mediaSrcSet(mediaUrl('abc_-9', 1280))).toBe(
      '/media/abc_-9/320.webp 320w, /media/abc_-9/640.webp 640w, /media/abc_-9/1280.webp 1280w',
    );
    expect(mediaSrcSet('/media/abc/500.webp')).toBe('/media/abc/320.webp 320w, /media/abc/500.webp 500w');
  });

  it('gives no srcset for a single width or an address that is not an uploaded image', () => {
    for (const src of [
      '/media/abc/200.webp',
      '/media/abc/320.webp',
      '/media/abc/2000.webp',
      '/demo/products/causa.webp',
      'https://cdn.example.com/media/abc/640.webp',
      '/media/abc/640.webp?x=1',
      '/media/a b/640.webp',
      '',
    ])
      expect(mediaSrcSet(src), src).toBeUndefined();
  });
});
