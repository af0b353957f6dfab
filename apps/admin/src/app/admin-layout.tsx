import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { ListItemIcon, ListItemText, MenuItem, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import {
  AppBar,
  Layout,
  LoadingPage,
  LocalesMenuButton,
  Logout,
  TitlePortal,
  UserMenu,
  useLogoutIfAccessDenied,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { Navigate, useNavigate } from 'react-router-dom';
import { currentCompany, retryUnlessSignedOut } from '../lib/auth-provider.ts';

/** The user menu's "Switch company": back to the picker. */
function SwitchCompanyItem() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const userMenu = useUserMenu();
  return (
    <MenuItem
      onClick={() => {
        userMenu?.onClose();
        navigate('/companies');
      }}
    >
      <ListItemIcon>
        <SwapHorizIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('admin.company.switch')}</ListItemText>
    </MenuItem>
  );
}

export const useCurrentCompany = () =>
  useQuery({ queryKey: ['admin', 'current-company'], queryFn: currentCompany, retry: retryUnlessSignedOut });

function AdminAppBar() {
  const company = useCurrentCompany();
  return (
    <AppBar
      toolbar={<LocalesMenuButton />}
      userMenu={
        <UserMenu>
          <SwitchCompanyItem />
          <Logout />
        </UserMenu>
      }
    >
      {/* The screen's title (List, Edit… fill it) is the page's one top heading. */}
      <TitlePortal component="h1" />
      {/* On a phone the bar has room for the screen's title only (the user menu switches company). */}
      <Typography
        component="span"
        sx={{ mr: 2, fontWeight: 500, display: { xs: 'none', sm: 'inline' } }}
        data-testid="current-company"
      >
        {company.data?.name}
      </Typography>
    </AppBar>
  );
}

/** The layout of every screen, once a company is picked; without one (or one no longer held), the picker. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const company = useCurrentCompany();
  const logoutIfDenied = useLogoutIfAccessDenied();
  // A revoked or expired token (401) signs out.
  useEffect(() => {
    if (company.error) logoutIfDenied(company.error);
  }, [company.error, logoutIfDenied]);
  if (company.isPending || company.error) return <LoadingPage />;
  if (!company.data) return <Navigate to="/companies" replace />;
  return <Layout appBar={AdminAppBar}>{children}</Layout>;
}
