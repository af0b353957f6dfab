import { createContext, useContext } from 'react';

/** The name of the business whose pages these are (the layout's company): a missing picture shows its initials. */
export const BrandName = createContext('');

export const useBrandName = () => useContext(BrandName);
