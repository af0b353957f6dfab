import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's theme with a primary dark enough for white text (axe colour contrast) and roomy rows for a tablet. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  // The error red darkened so that a Delete button's text passes axe's contrast check.
  palette: { primary: { main: '#283593' }, secondary: { main: '#283593' }, error: { main: '#b71c1c' } },
  components: {
    ...defaultTheme.components,
    // An empty list's message is drawn at half opacity, below the contrast axe asks for.
    RaEmpty: {
      styleOverrides: { root: { '& .RaEmpty-message': { opacity: 1, color: 'rgba(0, 0, 0, 0.7)' } } },
    },
  },
};
