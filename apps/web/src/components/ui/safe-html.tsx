import { applyAddressRule, TENANT_HTML_CONFIG } from '@storefront/contracts/tenant-html';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

type Purifier = ReturnType<typeof DOMPurify>;
let purifier: Purifier | null = null;
type PurifierWindow = Parameters<typeof DOMPurify>[0];
let serverWindow: (() => PurifierWindow) | null = null;

/** The server renders tenant HTML too: it gives DOMPurify a jsdom window, made on first use (entry-server.tsx). */
export function setServerWindow(makeWindow: () => PurifierWindow): void {
  serverWindow = makeWindow;
}

function getPurifier(): Purifier {
  if (purifier) return purifier;
  purifier = serverWindow ? DOMPurify(serverWindow()) : DOMPurify();
  // Tenant HTML may format text, link and show images; it may not run code, submit forms, restyle the
  // page or make the browser fetch anything but https images (architecture §5).
  purifier.addHook('afterSanitizeAttributes', applyAddressRule);
  return purifier;
}

const CONFIG = TENANT_HTML_CONFIG;

/** Tenant HTML with everything unsafe removed. */
export function sanitizeHtml(html: string): string {
  return getPurifier().sanitize(html, CONFIG) as string;
}

/** Renders tenant HTML (FAQs, terms, privacy, landing content) after sanitising it. */
export function SafeHtml({
  html,
  className,
  as: Tag = 'div',
}: {
  html: string;
  className?: string;
  as?: 'div' | 'span';
}) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised just above with DOMPurify
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
