import sharp from 'sharp';
import { expect, test } from './support.ts';

// Issue 17, images: an owner uploads a photo through the admin API and chooses it for a dish; the
// storefront's /carta, rendered on the server and hydrated, offers every width and the browser fetches one.

const PRODUCT = 'p-aguadito-de-pollo';

test('an uploaded dish photo shows on /carta with its widths, hydrated without a mismatch', async ({
  page,
  request,
}) => {
  const session = await request.post('/api/admin/session/', {
    data: { email: 'dueno@demo.pe', password: 'Demo1234!' },
  });
  expect(session.status()).toBe(200);
  const headers = { authorization: `Token ${(await session.json()).token}` };
  const photo = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 230, g: 120, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  const upload = await request.post('/api/admin/companies/demo-main/images/', {
    headers,
    multipart: { file: { name: 'aguadito.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(upload.status()).toBe(201);
  const { uid, urls } = await upload.json();
  const patched = await request.patch(`/api/admin/companies/demo-main/products/${PRODUCT}/`, {
    headers,
    data: { image_uid: uid },
  });
  expect(patched.status()).toBe(200);

  await page.goto('/carta');
  const card = page.locator(`img.product-card-image[src="${urls['1280']}"]`);
  await expect(card).toHaveAttribute(
    'srcset',
    `${urls['320']} 320w, ${urls['640']} 640w, ${urls['1280']} 1280w`,
  );
  await card.scrollIntoViewIfNeeded();
  // The browser chose one of the widths and it loaded (a broken one would have turned into initials).
  await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const chosen = await card.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
  expect(Object.values(urls)).toContain(chosen);
  const file = await request.get(chosen);
  expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});
