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
  Menu,
  TitlePortal,
  UserMenu,
  useLogoutIfAccessDenied,
  useResourceDefinitions,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
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

/**
 * The company's screens (every resource with a list), each shown if the role opens it, when a company is
 * picked; then the operator's installation screens, which belong to no company.
 */
function AdminMenu() {
  const company = useCurrentCompany();
  const resources = useResourceDefinitions();
  const companyScreens = Object.values(resources).filter(
    (resource) => resource.hasList && !resource.name.startsWith('installation-'),
  );
  return (
    <Menu>
      {company.data &&
        companyScreens.map((resource) => <Menu.ResourceItem key={resource.name} name={resource.name} />)}
      <Menu.ResourceItem name="installation-apps" />
    </Menu>
  );
}

/**
 * The layout of every screen, once a company is picked; without one (or one no longer held), the
 * picker, except on the operator's installation screens, which belong to no company.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const company = useCurrentCompany();
  const installation = useLocation().pathname.startsWith('/installation-');
  const logoutIfDenied = useLogoutIfAccessDenied();
  // A revoked or expired token (401) signs out.
  useEffect(() => {
    if (company.error) logoutIfDenied(company.error);
  }, [company.error, logoutIfDenied]);
  if (company.isPending || company.error) return <LoadingPage />;
  if (!company.data && !installation) return <Navigate to="/companies" replace />;
  return (
    <Layout appBar={AdminAppBar} menu={AdminMenu}>
      {children}
    </Layout>
  );
}
