import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

// Pictures made on the fly for the media tests.

/** A picture of one colour, `alpha` < 1 for a transparent one. */
export function picture(
  format: 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff',
  width: number,
  height: number,
  alpha = 1,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 60, b: 20, alpha } } })
    .toFormat(format)
    .toBuffer();
}

/**
 * A small PNG whose header claims `width` × `height` pixels: a decompression bomb as far as any decoder
 * that trusts the header is concerned (its IHDR chunk rewritten, with its checksum).
 */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await picture('png', 1, 1));
  // Signature (8 bytes), then IHDR: length (4), type (4), width (4), height (4), … , CRC over type+data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A multipart form of one file part (field `file` unless told), as a browser sends it. */
export function multipartForm(
  bytes: Buffer,
  { field = 'file', filename = 'foto.jpg', type = 'image/jpeg' } = {},
): { payload: Buffer; contentType: string } {
  const boundary = `----form${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
    `Content-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
