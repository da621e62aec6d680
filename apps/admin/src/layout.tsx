import { AppBar, Layout, RefreshIconButton, ToggleThemeButton, useLoading, type LayoutProps } from 'react-admin';
import { CircularProgress } from '@mui/material';

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

export const AdminLayout = (props: LayoutProps) => <Layout {...props} appBar={Bar} />;
