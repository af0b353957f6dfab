import { STOREFRONT_ROUTES } from '@storefront/contracts/storefront-routes';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router.tsx';

/** The full pattern of every route that renders a page: the router's tree flattened. */
function fullPaths(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const here =
      route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;
    const own = route.index || (route.path !== undefined && !route.children) ? [here || '/'] : [];
    return [...own, ...fullPaths(route.children ?? [], here)];
  });
}

describe('the route table', () => {
  it('is the one the server knows (packages/contracts storefront-routes.ts), the not-found page aside', () => {
    const paths = fullPaths(routes).filter((path) => path !== '/*');
    expect(new Set(paths)).toEqual(new Set(STOREFRONT_ROUTES));
    expect(paths).toHaveLength(new Set(paths).size);
  });
});
