import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's theme with a primary dark enough for white text (axe colour contrast) and roomy rows for a tablet. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { primary: { main: '#283593' }, secondary: { main: '#283593' } },
};
