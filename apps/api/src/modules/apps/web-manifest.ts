import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { Database } from '@storefront/db/client';
import { findImageFile } from '../media/media.repository.ts';
import type { TenantApp } from './apps.repository.ts';

/** The icon sizes an installable app needs (Chrome asks for 192 and 512 pixels). */
export const ICON_SIZES = [192, 512] as const;
const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const MEDIA_FILE = /^\/media\/([A-Za-z0-9_-]{1,64})\/([1-9]\d{0,4})\.webp$/;

/** The app's own colour for the browser's bar and the icon's ground; white when it has none. */
export const themeColor = (app: { colors: { main_color?: string | null } }) =>
  app.colors.main_color && COLOR.test(app.colors.main_color) ? app.colors.main_color : '#ffffff';

/** What the icons are made from: the logo, else the favicon. */
const iconSource = (app: Pick<TenantApp, 'logo' | 'favicon'>) => app.logo ?? app.favicon ?? null;

/** Changes with the logo and the colour, so that an installed app fetches its new icons. */
export const iconVersion = (app: Pick<TenantApp, 'logo' | 'favicon' | 'colors'>) =>
  createHash('sha256')
    .update(`${iconSource(app)} ${themeColor(app)}`)
    .digest('base64url')
    .slice(0, 12);

/** `/manifest.webmanifest`: the tenant's name, language, colours and icons. */
export function webManifest(app: TenantApp) {
  const version = iconVersion(app);
  return {
    name: app.name,
    short_name: app.name.length <= 12 ? app.name : `${app.name.slice(0, 11)}…`,
    lang: app.language,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: themeColor(app),
    background_color: '#ffffff',
    icons: ICON_SIZES.map((size) => ({
      src: `/app-icons/${size}.png?v=${version}`,
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose: 'any maskable',
    })),
  };
}

/**
 * The logo's bytes: an uploaded image (from the database, one of this app's companies), or a file of
 * the built storefront. A logo elsewhere is not fetched: the server fetches no address a tenant file names.
 */
export async function logoBytes(db: Database, app: TenantApp, distDir: string): Promise<Buffer | null> {
  const source = iconSource(app);
  if (!source) return null;
  const media = MEDIA_FILE.exec(source);
  if (media) {
    const file = await findImageFile(db, media[1] as string, Number(media[2]), app.uid);
    return file ? Buffer.from(file.bytes) : null;
  }
  if (!source.startsWith('/') || source.startsWith('//')) return null;
  const root = resolve(distDir);
  const path = resolve(root, `.${decodeURIComponent(source.split(/[?#]/)[0] ?? '')}`);
  if (!path.startsWith(root + sep)) return null;
  return readFile(path).catch(() => null);
}
