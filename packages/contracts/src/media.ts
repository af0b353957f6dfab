// Uploaded images (issue 17): each upload is stored as WebP in the standard widths below its own width
// plus its own width (capped at the largest), never upscaled, and served at /media/<uid>/<width>.webp.
// No zod here: the storefront's first page imports this file (the upload's answer is media-upload.ts).

export const MAX_MEDIA_WIDTH = 1280;
/** The widths an image is stored in, narrowest first. */
export const MEDIA_WIDTHS = [320, 640, MAX_MEDIA_WIDTH] as const;
/** Largest file an upload may carry. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** The widths stored for an image `width` pixels wide: the narrower standard ones, then its own (capped). */
export function mediaWidths(width: number): number[] {
  const top = Math.min(width, MAX_MEDIA_WIDTH);
  return [...MEDIA_WIDTHS.filter((standard) => standard < top), top];
}

export const mediaUrl = (uid: string, width: number) => `/media/${uid}/${width}.webp`;

const MEDIA_URL = /^\/media\/([A-Za-z0-9_-]{1,64})\/(\d{1,5})\.webp$/;

/**
 * The `srcset` of a picture whose address is an uploaded image's widest file (what an upload's largest
 * URL is, and what the catalogue stores): every stored width, derived from the address alone, so the
 * server and the browser render the same markup. Undefined for any other address or a single width.
 */
export function mediaSrcSet(src: string): string | undefined {
  const match = MEDIA_URL.exec(src);
  if (!match) return undefined;
  const [, uid = '', widest = ''] = match;
  const widths = mediaWidths(Number(widest));
  if (widths.length < 2 || widths[widths.length - 1] !== Number(widest)) return undefined;
  return widths.map((width) => `${mediaUrl(uid, width)} ${width}w`).join(', ');
}
