import { Admin, CustomRoutes, defaultTheme, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { authProvider } from './auth-provider.ts';
import { dataProvider } from './data-provider.ts';
import { AdminLayout } from './layout.tsx';
import { Dashboard } from './pages/dashboard.tsx';
import { EnrolPage } from './pages/enrol.tsx';
import { LoginPage } from './pages/login.tsx';
import { ApprovalList } from './resources/approvals.tsx';
import { AuditList } from './resources/audit.tsx';
import { BonusCodeCreate, BonusCodeList } from './resources/bonus-codes.tsx';
import { DocumentList, DocumentShow } from './resources/documents.tsx';
import { PlayerList, PlayerShow } from './resources/players.tsx';
import { StaffCreate, StaffList } from './resources/staff.tsx';
import { WithdrawalList } from './resources/withdrawals.tsx';

/** react-admin's theme with a darker blue: white text on the bar and blue text on white both read at AA. */
const theme = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: '#174a8c' }, secondary: { main: '#123a6e' } },
};

/**
 * The back office at /admin: react-admin over the admin API. Every menu entry and button is shown by
 * the same role matrix the server enforces (access.ts); the server refuses the rest anyway.
 */
export function App() {
  return (
    <BrowserRouter basename="/admin">
      <Admin
        title="Back office"
        authProvider={authProvider}
        dataProvider={dataProvider}
        theme={theme}
        layout={AdminLayout}
        loginPage={LoginPage}
        dashboard={Dashboard}
        disableTelemetry
      >
        <Resource name="players" list={PlayerList} show={PlayerShow} />
        <Resource name="documents" options={{ label: 'KYC documents' }} list={DocumentList} show={DocumentShow} />
        <Resource name="withdrawals" list={WithdrawalList} />
        <Resource name="approvals" options={{ label: 'Approvals' }} list={ApprovalList} />
        <Resource name="bonus-codes" options={{ label: 'Bonus codes' }} list={BonusCodeList} create={BonusCodeCreate} />
        <Resource name="bonus-definitions" />
        <Resource name="staff" options={{ label: 'Staff' }} list={StaffList} create={StaffCreate} />
        <Resource name="audit" options={{ label: 'Audit trail' }} list={AuditList} />
        <CustomRoutes noLayout>
          <Route path="/enrol" element={<EnrolPage />} />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
