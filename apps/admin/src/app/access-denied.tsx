import LockIcon from '@mui/icons-material/Lock';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * A screen the user's role does not open (a manager on the audit log). react-admin's own one draws its
 * text at half opacity, below the contrast axe asks for.
 */
export function AccessDenied() {
  const translate = useTranslate();
  return (
    <Box
      component="main"
      sx={{ display: 'grid', justifyItems: 'center', gap: 1, py: 8, textAlign: 'center' }}
    >
      <LockIcon sx={{ fontSize: 64, color: 'text.secondary' }} />
      <Typography component="h1" variant="h5">
        {translate('ra.page.access_denied')}
      </Typography>
      <Typography>{translate('ra.message.access_denied')}</Typography>
    </Box>
  );
}
