import { AppError } from '@storefront/contracts/errors';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { processImage, sniffImageType } from './image-processing.ts';
import { picture, pngClaiming } from './image-test-files.ts';

/** The 400 a refused file gets: its code and the `file` field's message. */
async function refusal(bytes: Buffer, language: 'es' | 'en' = 'es') {
  const error = await processImage(bytes, language).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  const { code, status, fields } = error as AppError;
  return { code, status, message: fields?.file?.[0] };
}

describe('image processing', () => {
  it('tells the type from the bytes, whatever the file is called', async () => {
    expect(sniffImageType(await picture('jpeg', 8, 8))).toBe('jpeg');
    expect(sniffImageType(await picture('png', 8, 8))).toBe('png');
    expect(sniffImageType(await picture('webp', 8, 8))).toBe('webp');
    expect(sniffImageType(await picture('gif', 8, 8))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });

  it('turns a JPEG, a PNG and a WebP into WebP files of 320, 640 and 1280 pixels', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const result = await processImage(await picture(format, 2000, 1000), 'es');
      expect(result.width).toBe(2000);
      expect(result.height).toBe(1000);
      expect(result.files.map((file) => file.width)).toEqual([320, 640, 1280]);
      for (const file of result.files) {
        const metadata = await sharp(file.bytes).metadata();
        expect(metadata.format).toBe('webp');
        expect([metadata.width, metadata.height]).toEqual([file.width, file.width / 2]);
        expect(file.contentHash).toMatch(/^[\w-]{43}$/);
      }
    }
  });

  it('never enlarges: a picture 500 pixels wide is kept at 320 and 500', async () => {
    const result = await processImage(await picture('png', 500, 300), 'es');
    expect(result.files.map((file) => file.width)).toEqual([320, 500]);
    expect((await sharp(result.files[1]?.bytes).metadata()).width).toBe(500);
    const tiny = await processImage(await picture('png', 100, 40), 'es');
    expect(tiny.files.map((file) => file.width)).toEqual([100]);
  });

  it('keeps the transparency of a PNG', async () => {
    const result = await processImage(await picture('png', 400, 400, 0.5), 'es');
    for (const file of result.files) {
      const metadata = await sharp(file.bytes).metadata();
      expect(metadata.hasAlpha).toBe(true);
    }
    const { channels } = await sharp(result.files[0]?.bytes).stats();
    expect(channels[3]?.mean).toBeGreaterThan(100);
    expect(channels[3]?.mean).toBeLessThan(155);
  });

  it('stands a picture upright by its EXIF orientation and drops its metadata', async () => {
    const rotated = await sharp(await picture('jpeg', 800, 400))
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const result = await processImage(rotated, 'es');
    expect([result.width, result.height]).toEqual([400, 800]);
    const metadata = await sharp(result.files.at(-1)?.bytes).metadata();
    expect([metadata.width, metadata.height, metadata.orientation, metadata.exif]).toEqual([
      400,
      800,
      undefined,
      undefined,
    ]);
  });

  it('refuses what is not a JPEG, PNG or WebP, in the reader’s language', async () => {
    for (const bytes of [
      await picture('gif', 10, 10),
      await picture('tiff', 10, 10),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      Buffer.from('%PDF-1.7 not a picture'),
    ])
      expect(await refusal(bytes)).toEqual({
        code: 'IMAGE_TYPE_NOT_SUPPORTED',
        status: 400,
        message: 'El archivo no es una imagen JPEG, PNG o WebP.',
      });
    expect((await refusal(Buffer.from('hello'), 'en')).message).toBe(
      'The file is not a JPEG, PNG or WebP image.',
    );
  });

  it('refuses a damaged file: a cut JPEG, PNG bytes with a JPEG start', async () => {
    const jpeg = await picture('jpeg', 600, 600);
    expect((await refusal(jpeg.subarray(0, jpeg.length / 2))).code).toBe('IMAGE_UNREADABLE');
    const png = await picture('png', 600, 600);
    const mixed = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png.subarray(3)]);
    expect(await refusal(mixed, 'en')).toEqual({
      code: 'IMAGE_UNREADABLE',
      status: 400,
      message: 'The image is damaged or incomplete and cannot be read.',
    });
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const bomb = await pngClaiming(10_000, 10_000);
    expect(bomb.length).toBeLessThan(200);
    expect(await refusal(bomb)).toEqual({
      code: 'IMAGE_TOO_MANY_PIXELS',
      status: 400,
      message: 'La imagen tiene demasiados píxeles (más de 50 megapíxeles).',
    });
  });
});
