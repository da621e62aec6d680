import {
  AppBar,
  Layout,
  Menu,
  RefreshIconButton,
  ToggleThemeButton,
  useCanAccess,
  useLoading,
  type LayoutProps,
} from 'react-admin';
import { CircularProgress, SvgIcon } from '@mui/material';

/** react-admin's loading indicator, with a name for screen readers (its own spinner has none). */
function Loading() {
  return useLoading() ? (
    <CircularProgress color="inherit" size={20} thickness={3} aria-label="Loading" sx={{ mx: 1.5 }} />
  ) : (
    <RefreshIconButton />
  );
}

const Bar = () => (
  <AppBar
    toolbar={
      <>
        <ToggleThemeButton />
        <Loading />
      </>
    }
  />
);

const ReportsIcon = () => (
  <SvgIcon>
    <path d="M5 9.2h3V19H5zM10.6 5h2.8v14h-2.8zm5.6 8H19v6h-2.8z" />
  </SvgIcon>
);

/** The resources' entries, then the pages that are no resource, each shown to the roles that may read it. */
function AdminMenu() {
  const { canAccess: reports } = useCanAccess({ action: 'list', resource: 'reports' });
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.ResourceItems />
      {reports && <Menu.Item to="/reports" primaryText="Reports" leftIcon={<ReportsIcon />} />}
    </Menu>
  );
}

export const AdminLayout = (props: LayoutProps) => <Layout {...props} appBar={Bar} menu={AdminMenu} />;
