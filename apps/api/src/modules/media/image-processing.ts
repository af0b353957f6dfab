import { createHash } from 'node:crypto';
import type { Language } from '@storefront/contracts/constants';
import { AppError, type ErrorCode, errorMessage } from '@storefront/contracts/errors';
import { mediaWidths } from '@storefront/contracts/media';
import type { Sharp, SharpOptions } from 'sharp';

/** Above this many pixels a picture is refused before it is decoded (a small file can claim a huge one). */
export const MAX_INPUT_PIXELS = 50_000_000;
const WEBP_QUALITY = 80;

export type ImageType = 'jpeg' | 'png' | 'webp';

/** The type of a file from its first bytes (never its name or declared Content-Type). */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const ascii = (start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString('latin1');
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

export interface ProcessedImage {
  width: number;
  height: number;
  files: { width: number; bytes: Buffer; contentHash: string }[];
}

let loaded: Promise<typeof import('sharp')> | undefined;

/**
 * sharp (libvips) is loaded on the first image processed: it holds tens of MB that an idle server
 * should not (scripts/memory-budget.mjs). One libvips thread per image and no operation cache, for the
 * same reason and because the machine's cores serve requests too.
 */
function loadSharp() {
  loaded ??= import('sharp').then((module) => {
    module.default.concurrency(1);
    module.default.cache(false);
    return module;
  });
  return loaded;
}

const contentHash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('base64url');

function refuse(code: ErrorCode, language: Language): never {
  throw new AppError(code, { file: [errorMessage(code, language)] });
}

/**
 * A JPEG, PNG or WebP file as WebP in its stored widths (contracts/media.ts), upright, without its
 * metadata, never enlarged; transparency kept. Anything else, a damaged file or one of more than
 * MAX_INPUT_PIXELS is refused with a 400 naming the `file` field.
 */
export async function processImage(bytes: Buffer, language: Language): Promise<ProcessedImage> {
  const type = sniffImageType(bytes);
  if (!type) refuse('IMAGE_TYPE_NOT_SUPPORTED', language);
  const { default: sharp } = await loadSharp();
  const options: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' };
  const decode = (): Sharp => sharp(bytes, options).autoOrient();
  try {
    // sharp refuses a header of more than limitInputPixels pixels before decoding anything.
    const metadata = await decode().metadata();
    if (metadata.format !== type) refuse('IMAGE_TYPE_NOT_SUPPORTED', language);
    const width = metadata.autoOrient.width;
    const height = metadata.autoOrient.height;
    const files = [];
    for (const target of mediaWidths(width)) {
      const webp = await decode()
        .resize({ width: target, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer();
      files.push({ width: target, bytes: webp, contentHash: contentHash(webp) });
    }
    return { width, height, files };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message))
      refuse('IMAGE_TOO_MANY_PIXELS', language);
    refuse('IMAGE_UNREADABLE', language);
  }
}

/**
 * A square PNG icon of `size` pixels (an installed app's, web manifest): the logo centred on `background`
 * with a tenth of margin, which keeps it inside a maskable icon's safe zone; the background alone
 * without a logo. A logo sharp cannot read is taken as none.
 */
export async function squareIcon(logo: Buffer | null, size: number, background: string): Promise<Buffer> {
  const { default: sharp } = await loadSharp();
  const canvas = sharp({ create: { width: size, height: size, channels: 4, background } });
  const inner = Math.round(size * 0.8);
  const picture = logo
    ? await sharp(logo, { limitInputPixels: MAX_INPUT_PIXELS, density: 300 })
        .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer()
        .catch(() => null)
    : null;
  return (picture ? canvas.composite([{ input: picture, gravity: 'centre' }]) : canvas).png().toBuffer();
}
