import { IMAGE_PROTOCOLS, LINK_PROTOCOLS, TENANT_HTML_CONFIG } from '@storefront/contracts/tenant-html';
import type DOMPurify from 'dompurify';

// The admin API cleans tenant HTML on save with the storefront renderer's rules (contracts/tenant-html,
// decision 006): DOMPurify over a jsdom window, the same options and the same address rule, so what is
// stored is already what the storefront would render. tenant-html.test.ts proves the output equals the
// storefront's sanitizeHtml over the XSS corpus. jsdom is loaded on the first save of such a text, not
// at start: loaded with the server it added some 45 MB to every process's idle memory (decision 016).

type Purifier = ReturnType<typeof DOMPurify>;
let purifier: Promise<Purifier> | null = null;

/**
 * The address rule of the storefront's safeUrl (apps/web lib/safe-url.ts): site-relative paths, or
 * the allowed schemes once the characters browsers ignore inside a scheme are gone.
 */
export function tenantUrl(raw: string | null | undefined, { images = false } = {}): string | null {
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
  return (images ? IMAGE_PROTOCOLS : LINK_PROTOCOLS).includes(url.protocol) ? url.href : null;
}

async function createPurifier(): Promise<Purifier> {
  const [{ default: createDOMPurify }, { JSDOM }] = await Promise.all([import('dompurify'), import('jsdom')]);
  const instance = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof DOMPurify>[0]);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.hasAttribute('src')) {
      const src = tenantUrl(node.getAttribute('src'), { images: true });
      if (src) node.setAttribute('src', src);
      else node.removeAttribute('src');
    }
    if (node.hasAttribute('href')) {
      const href = tenantUrl(node.getAttribute('href'));
      if (href) {
        node.setAttribute('href', href);
        if (/^https?:/.test(href)) {
          node.setAttribute('target', '_blank');
          node.setAttribute('rel', 'noopener noreferrer');
        }
      } else node.removeAttribute('href');
    }
  });
  return instance;
}

/** Cleans tenant HTML of everything the storefront would remove (loads the cleaner once). */
export async function tenantHtmlCleaner(): Promise<(html: string) => string> {
  purifier ??= createPurifier();
  const instance = await purifier;
  return (html) => instance.sanitize(html, TENANT_HTML_CONFIG) as string;
}
