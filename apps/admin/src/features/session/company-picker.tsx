import BusinessIcon from '@mui/icons-material/Business';
import {
  Box,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LoadingPage, useLogout, useLogoutIfAccessDenied, useTranslate } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { TextButton } from '../../app/text-button.tsx';
import { fetchMe, retryUnlessSignedOut, screenAfterSignIn } from '../../lib/auth-provider.ts';
import { session } from '../../lib/session.ts';

/** After sign-in (or from the user menu): the companies in which the user holds a role; the one picked is remembered. */
export function CompanyPicker() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const logoutIfDenied = useLogoutIfAccessDenied();
  const me = useQuery({
    queryKey: ['admin', 'me', session.token()],
    queryFn: fetchMe,
    retry: retryUnlessSignedOut,
    enabled: Boolean(session.token()),
  });

  useEffect(() => {
    if (!session.token()) logout();
    else if (me.error) logoutIfDenied(me.error);
  }, [me.error, logout, logoutIfDenied]);

  if (!me.data) return <LoadingPage />;

  function pick(uid: string) {
    session.setCompanyUid(uid);
    // Nothing of the previous company stays on screen.
    queryClient.removeQueries();
    // The screen opened before signing in, else the first one (the dashboard).
    navigate(screenAfterSignIn(search.get('next')));
  }

  const current = session.companyUid();
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 480 }}>
        <CardContent>
          <Typography component="h1" variant="h5" gutterBottom>
            {translate('admin.company.pick')}
          </Typography>
          {me.data.companies.length === 0 && !me.data.is_operator ? (
            <Typography>{translate('admin.company.none')}</Typography>
          ) : (
            <List aria-label={translate('admin.company.pick')}>
              {me.data.companies.map((company) => (
                <ListItem key={company.uid} disablePadding>
                  <ListItemButton selected={company.uid === current} onClick={() => pick(company.uid)}>
                    <ListItemIcon>
                      <BusinessIcon />
                    </ListItemIcon>
                    <ListItemText
                      primary={company.name}
                      secondary={translate(`admin.roles.${company.role}`)}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
            {me.data.is_operator && (
              <TextButton label="admin.installation.open" onClick={() => navigate('/installation-apps')} />
            )}
            <TextButton label="ra.auth.logout" onClick={() => logout()} />
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
