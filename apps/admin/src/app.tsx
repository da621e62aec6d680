import { Admin, CustomRoutes, defaultTheme, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { authProvider } from './auth-provider.ts';
import { dataProvider } from './data-provider.ts';
import { AdminLayout } from './layout.tsx';
import { Dashboard } from './pages/dashboard.tsx';
import { EnrolPage } from './pages/enrol.tsx';
import { LoginPage } from './pages/login.tsx';
import { AlertList, AlertShow } from './resources/alerts.tsx';
import { ApprovalList } from './resources/approvals.tsx';
import { AuditList } from './resources/audit.tsx';
import { BankTransferList } from './resources/bank-transfers.tsx';
import { BonusCodeCreate, BonusCodeList } from './resources/bonus-codes.tsx';
import { ContentCreate, ContentEdit, ContentList } from './resources/content.tsx';
import { DocumentList, DocumentShow } from './resources/documents.tsx';
import { PlayerList, PlayerShow } from './resources/players.tsx';
import { BonusDefinitionCreate } from './resources/promotions/bonus-create.tsx';
import { BonusDefinitionList, FreeSpinsList } from './resources/promotions/bonus-definitions.tsx';
import { CashbackList } from './resources/promotions/cashback.tsx';
import { LoyaltyPage } from './resources/promotions/loyalty.tsx';
import { QuestCreate, QuestList } from './resources/promotions/quests.tsx';
import { ReportsPage } from './resources/reports.tsx';
import { TournamentCreate, TournamentList } from './resources/promotions/tournaments.tsx';
import { SportsbookRiskPage } from './resources/sportsbook-risk/page.tsx';
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
        <Resource name="bank-transfers" options={{ label: 'Bank transfers' }} list={BankTransferList} />
        <Resource name="alerts" options={{ label: 'Alerts' }} list={AlertList} show={AlertShow} />
        <Resource name="approvals" options={{ label: 'Approvals' }} list={ApprovalList} />
        <Resource name="bonus-codes" options={{ label: 'Bonus codes' }} list={BonusCodeList} create={BonusCodeCreate} />
        <Resource
          name="bonus-definitions"
          options={{ label: 'Bonuses' }}
          list={BonusDefinitionList}
          create={BonusDefinitionCreate}
        />
        <Resource name="free-spins" options={{ label: 'Free spins' }} list={FreeSpinsList} />
        <Resource name="cashback" options={{ label: 'Cashback' }} list={CashbackList} />
        <Resource name="quests" options={{ label: 'Quests' }} list={QuestList} create={QuestCreate} />
        <Resource
          name="tournaments"
          options={{ label: 'Tournaments' }}
          list={TournamentList}
          create={TournamentCreate}
        />
        <Resource name="loyalty" options={{ label: 'Loyalty' }} list={LoyaltyPage} />
        <Resource name="sportsbook-risk" options={{ label: 'Sportsbook risk' }} list={SportsbookRiskPage} />
        <Resource
          name="content"
          options={{ label: 'Content' }}
          list={ContentList}
          edit={ContentEdit}
          create={ContentCreate}
        />
        <Resource name="staff" options={{ label: 'Staff' }} list={StaffList} create={StaffCreate} />
        <Resource name="audit" options={{ label: 'Audit trail' }} list={AuditList} />
        <CustomRoutes>
          <Route path="/reports" element={<ReportsPage />} />
        </CustomRoutes>
        <CustomRoutes noLayout>
          <Route path="/enrol" element={<EnrolPage />} />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
