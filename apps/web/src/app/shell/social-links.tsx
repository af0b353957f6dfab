import { safeUrl } from '@storefront/contracts/tenant-html';
import { type SimpleIcon, siFacebook, siInstagram, siTiktok, siWhatsapp, siX, siYoutube } from 'simple-icons';

// Simple Icons no longer ships LinkedIn's mark (the brand asked for its removal); this is its "in" glyph.
const linkedin = {
  title: 'LinkedIn',
  path: 'M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28zM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13zM7.12 20.45H3.56V9h3.56v11.45zM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0z',
};

// Tenant files name networks by key; twitter is X's former name.
const ICONS: Record<string, Pick<SimpleIcon, 'title' | 'path'>> = {
  facebook: siFacebook,
  instagram: siInstagram,
  tiktok: siTiktok,
  whatsapp: siWhatsapp,
  x: siX,
  twitter: siX,
  youtube: siYoutube,
  linkedin,
};

/**
 * The company's social links as small inline icons, each named by its network (spec §2 Footer). Tenant
 * addresses go through safeUrl; an unsafe one is left out, an unknown network shows its name.
 */
export default function SocialLinks({ links }: { links: Record<string, string> }) {
  const items = Object.entries(links).flatMap(([network, raw]) => {
    const href = safeUrl(raw);
    return href ? [{ network, href, icon: ICONS[network.toLowerCase()] }] : [];
  });
  if (items.length === 0) return null;
  return (
    <ul className="social-links">
      {items.map(({ network, href, icon }) => (
        <li key={network}>
          <a href={href} target="_blank" rel="noopener noreferrer" aria-label={icon?.title ?? network}>
            {icon ? (
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path d={icon.path} fill="currentColor" />
              </svg>
            ) : (
              network
            )}
          </a>
        </li>
      ))}
    </ul>
  );
}
