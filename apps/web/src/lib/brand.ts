import type { App } from '@storefront/contracts/app';
import { createContext, useContext } from 'react';

/**
 * The business whose pages these are (the layout's company): a missing picture shows its initials in its
 * colours. Read from the app record, not from the page's styles, so the server draws the same picture.
 */
export interface Brand {
  name: string;
  mainColor: string;
  menuColor: string;
}

const DEFAULT_BRAND: Brand = { name: '', mainColor: '#c2410c', menuColor: '#1f2937' };

export const brandOf = (name: string, colors: App['colors']): Brand => ({
  name,
  mainColor: colors.main_color || DEFAULT_BRAND.mainColor,
  menuColor: colors.menu_color || DEFAULT_BRAND.menuColor,
});

export const BrandContext = createContext<Brand>(DEFAULT_BRAND);

export const useBrand = () => useContext(BrandContext);
