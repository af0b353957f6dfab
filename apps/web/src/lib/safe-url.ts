import { IMAGE_PROTOCOLS, LINK_PROTOCOLS } from '@storefront/contracts/tenant-html';

/**
 * A tenant-provided link or image address, or null when it is not safe to follow or load: only
 * http(s), mailto, tel and site-relative paths pass (javascript:, data:, vbscript: and
 * protocol-relative //host do not). Browsers ignore tabs and newlines inside a scheme, so they go first.
 */
export function safeUrl(raw: string | null | undefined, { images = false } = {}): string | null {
  if (!raw) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop these inside a scheme
  const value = raw.replace(/[\u0000-\u0020\u007f]/g, '');
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const allowed = images ? IMAGE_PROTOCOLS : LINK_PROTOCOLS;
  return allowed.includes(url.protocol) ? url.href : null;
}
