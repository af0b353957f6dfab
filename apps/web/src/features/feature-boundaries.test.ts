// @vitest-environment node
import { describe, expect, it } from 'vitest';

// style.md rule 2: features do not reach into each other, nor up into app/. A feature may use another's
// API hooks (its api/ folder); its components, locales and helpers stay its own. Shared pieces live in
// components/ or lib/, which app/ only provides.

/** Every source file of every feature, as text, keyed by its path from here ('./cart/api/cart-api.ts'). */
const sources = import.meta.glob<string>('./*/**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
});

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/**
 * The imports of `file` (a path under features/) that reach into another feature, except its api/, or
 * up into app/.
 */
function crossFeatureImports(file: string, source: string): string[] {
  const [feature] = file.split('/');
  const found: string[] = [];
  for (const [, specifier = ''] of source.matchAll(SPECIFIER)) {
    if (!specifier.startsWith('.')) continue;
    const target = new URL(specifier, `file:///src/features/${file}`).pathname;
    const [, other, rest = ''] = /^\/src\/features\/([^/]+)\/(.*)$/.exec(target) ?? [];
    const intoApp = target.startsWith('/src/app/');
    if (intoApp || (other && other !== feature && !rest.startsWith('api/')))
      found.push(`${file} imports ${specifier}`);
  }
  return found;
}

describe('feature boundaries', () => {
  it('no feature imports the components or helpers of another, nor anything of app/', () => {
    const files = Object.keys(sources);
    expect(files.length).toBeGreaterThan(100);
    const violations = files.flatMap((path) =>
      crossFeatureImports(path.replace(/^\.\//, ''), sources[path] ?? ''),
    );
    expect(violations).toEqual([]);
  });

  it('finds static, lazy and side-effect imports of another feature or of app/, and allows api hooks and lib/', () => {
    const source = [
      "import { PromotionsSection } from '../../promotions/components/promotions-section.tsx';",
      "const Checkout = lazy(() => import('../../checkout/components/checkout-form.tsx'));",
      "import '../../menu/components/menu.css';",
      "import { useMe } from '../../account/api/use-me.ts';",
      "import { companyPrefix } from '../../../app/guards.ts';",
      "import { useCompany } from '../../../lib/app-context.tsx';",
      "import { CartPanel } from './cart-panel.tsx';",
      "import { apiFetch } from '../../../lib/api-client.ts';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(crossFeatureImports('cart/components/cart-page.tsx', source)).toEqual([
      'cart/components/cart-page.tsx imports ../../promotions/components/promotions-section.tsx',
      'cart/components/cart-page.tsx imports ../../checkout/components/checkout-form.tsx',
      'cart/components/cart-page.tsx imports ../../menu/components/menu.css',
      'cart/components/cart-page.tsx imports ../../../app/guards.ts',
    ]);
  });
});
