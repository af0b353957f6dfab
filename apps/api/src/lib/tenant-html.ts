import { applyAddressRule, TENANT_HTML_CONFIG } from '@storefront/contracts/tenant-html';
import type DOMPurify from 'dompurify';

// The admin API cleans tenant HTML on save with the storefront renderer's rules (contracts/tenant-html,
// decision 006): DOMPurify over a jsdom window, the same options and the same address rule, so what is
// stored is already what the storefront would render. tenant-html.test.ts proves the output equals the
// storefront's sanitizeHtml over the XSS corpus. jsdom is loaded on the first save of such a text, not
// at start: loaded with the server it added some 45 MB to every process's idle memory (decision 016).

type Purifier = ReturnType<typeof DOMPurify>;
let purifier: Promise<Purifier> | null = null;

async function createPurifier(): Promise<Purifier> {
  const [{ default: createDOMPurify }, { JSDOM }] = await Promise.all([import('dompurify'), import('jsdom')]);
  const instance = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof DOMPurify>[0]);
  instance.addHook('afterSanitizeAttributes', applyAddressRule);
  return instance;
}

/** Cleans tenant HTML of everything the storefront would remove (loads the cleaner once). */
export async function tenantHtmlCleaner(): Promise<(html: string) => string> {
  purifier ??= createPurifier();
  const instance = await purifier;
  return (html) => instance.sanitize(html, TENANT_HTML_CONFIG) as string;
}
