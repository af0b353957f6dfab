// The rules for tenant HTML and links (decision 006): the storefront's renderer (apps/web
// components/ui/safe-html.tsx, lib/safe-url.ts) and the admin API's sanitiser on save
// (apps/api lib/tenant-html.ts) both read them from here, so the two cannot drift apart. Data only:
// DOMPurify and the DOM stay with each side.

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
