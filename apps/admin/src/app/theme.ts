import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's theme with a primary dark enough for white text (axe colour contrast) and roomy rows for a tablet. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  // The error red darkened so that a Delete button's text passes axe's contrast check.
  palette: { primary: { main: '#283593' }, secondary: { main: '#283593' }, error: { main: '#b71c1c' } },
};
