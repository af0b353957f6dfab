import LockIcon from '@mui/icons-material/Lock';
import { Box, Button, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { LocalesMenuButton, Login, useLogin, useNotify, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';

/** Sign-in with the storefront account's e-mail and password (owners and managers only, the API checks). */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  // The address opened signed out, kept by react-admin for after the sign-in.
  const opened = useLocation().state as { nextPathname?: string; nextSearch?: string } | null;
  const notify = useNotify();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    try {
      await login({
        email: String(form.get('email')),
        password: String(form.get('password')),
        next: opened?.nextPathname && `${opened.nextPathname}${opened.nextSearch ?? ''}`,
      });
    } catch (error) {
      notify((error as Error).message || 'ra.auth.sign_in_error', { type: 'error' });
      setPending(false);
    }
  }

  return (
    <Login avatarIcon={<LockIcon />}>
      <Box component="main">
        <Typography component="h1" variant="h5" align="center" sx={{ mb: 1 }}>
          {translate('admin.login.title')}
        </Typography>
        <Box component="form" onSubmit={submit} noValidate={false}>
          <CardContent sx={{ display: 'grid', gap: 2 }}>
            <TextField
              name="email"
              type="email"
              label={translate('ra.auth.email')}
              autoComplete="username"
              required
              autoFocus
              fullWidth
            />
            <TextField
              name="password"
              type="password"
              label={translate('ra.auth.password')}
              autoComplete="current-password"
              required
              fullWidth
            />
            <Button type="submit" variant="contained" disabled={pending} fullWidth>
              {pending ? <CircularProgress size={22} thickness={3} /> : translate('ra.auth.sign_in')}
            </Button>
            <Box sx={{ display: 'flex', justifyContent: 'center' }}>
              <LocalesMenuButton />
            </Box>
          </CardContent>
        </Box>
      </Box>
    </Login>
  );
}
