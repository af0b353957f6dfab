import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's theme with a primary dark enough for white text (axe colour contrast) and roomy rows for a tablet. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  // The error red darkened so that a Delete button's text passes axe's contrast check.
  palette: { primary: { main: '#283593' }, secondary: { main: '#283593' }, error: { main: '#b71c1c' } },
  components: {
    ...defaultTheme.components,
    // The picture's drop zone is a plain line of text by default: a dashed box says where to drop or click.
    RaImageInput: {
      styleOverrides: {
        root: {
          '& .RaFileInput-dropZone': {
            border: '2px dashed rgba(0, 0, 0, 0.42)',
            borderRadius: 8,
            padding: 24,
            cursor: 'pointer',
            color: 'rgba(0, 0, 0, 0.87)',
          },
          '& .RaFileInput-dropZone:hover, & .RaFileInput-dropZone:focus-visible': { borderColor: '#283593' },
        },
      },
    },
    // react-admin's layout grows to its widest content (min-width: fit-content), so a wide table pushed
    // the whole page sideways on a tablet or phone. The frame keeps the screen's width instead...
    RaLayout: {
      styleOverrides: {
        root: {
          minWidth: 0,
          '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 },
        },
      },
    },
    // ...and a table wider than that scrolls inside its card. Below 900 px "Create" is a floating button
    // over the list: room under the last row and the paging.
    RaList: {
      styleOverrides: {
        root: {
          minWidth: 0,
          '& .RaList-main': { minWidth: 0 },
          '& .RaList-content': { overflowX: 'auto' },
          '@media (max-width: 899.95px)': { paddingBottom: 80 },
        },
      },
    },
    // On a desktop a form's inputs would run 1,100 px wide: a readable width instead.
    RaSimpleForm: { styleOverrides: { root: { maxWidth: 960 } } },
    // An empty list's message is drawn at half opacity, below the contrast axe asks for.
    RaEmpty: {
      styleOverrides: { root: { '& .RaEmpty-message': { opacity: 1, color: 'rgba(0, 0, 0, 0.7)' } } },
    },
  },
};
