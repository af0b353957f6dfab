import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** Inputs side by side, as many as fit at 180 px or more each, stacked when the screen is narrow. */
export function FormRow({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
        columnGap: 2,
        width: '100%',
      }}
    >
      {children}
    </Box>
  );
}
