// The rules for tenant HTML and links (decision 006): the storefront's renderer (apps/web
// components/ui/safe-html.tsx) and the admin API's sanitiser on save (apps/api lib/tenant-html.ts) both
// take them from here, so the two cannot drift apart. No DOM: DOMPurify and its window stay with each side.

/**
 * DOMPurify's options: tenant HTML may format text, link and show images; it may not run code, submit
 * forms, restyle the page or make the browser fetch anything but https images.
 */
export const TENANT_HTML_CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'video',
    'audio',
    'source',
    'picture',
  ],
  FORBID_ATTR: ['style', 'srcset', 'background', 'formaction', 'poster'],
  ADD_ATTR: ['target'],
};

/** Schemes a tenant link may use (besides site-relative paths). */
export const LINK_PROTOCOLS = ['https:', 'http:', 'mailto:', 'tel:'];
/** Images load without a click, so they must be https (http would also break the page's CSP). */
export const IMAGE_PROTOCOLS = ['https:'];

/**
 * A tenant-provided link or image address, or null when it is not safe to follow or load: only
 * http(s), mailto, tel and site-relative paths pass (javascript:, data:, vbscript: and
 * protocol-relative //host do not). Browsers ignore tabs and newlines inside a scheme, so they go first.
 */
export function safeUrl(raw: string | null | undefined, { images = false } = {}): string | null {
  if (!raw) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop these inside a scheme
  const value = raw.replace(/[\u0000-\u0020\u007f]/g, '');
  // A browser reads a backslash as a slash, so `/\host` is `//host`: a site-relative address has none.
  if (value.startsWith('/')) return value.startsWith('//') || value.includes('\\') ? null : value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const allowed = images ? IMAGE_PROTOCOLS : LINK_PROTOCOLS;
  return allowed.includes(url.protocol) ? url.href : null;
}

/** The part of a DOM element the address rule reads and writes. */
interface ElementAttributes {
  hasAttribute(name: string): boolean;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

/**
 * DOMPurify's afterSanitizeAttributes hook: an unsafe src or href goes, a safe one is kept normalised,
 * and a web link opens in a new tab without giving it this page.
 */
export function applyAddressRule(node: ElementAttributes): void {
  if (node.hasAttribute('src')) {
    const src = safeUrl(node.getAttribute('src'), { images: true });
    if (src) node.setAttribute('src', src);
    else node.removeAttribute('src');
  }
  if (node.hasAttribute('href')) {
    const href = safeUrl(node.getAttribute('href'));
    if (href) {
      node.setAttribute('href', href);
      if (/^https?:/.test(href)) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    } else node.removeAttribute('href');
  }
}
