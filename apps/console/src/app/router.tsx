import type { TConsoleArea } from '@sampada/shared';
import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { CONSOLE_BASENAME, paths } from '../config/paths';
import { RequireArea, RequireSession } from './guards';
import { Shell } from './layout/shell';
import { RouteError } from './route-error';

/** Each page loads on first visit; `area` is the page's ROLE_ACCESS entry, the one its server routes name. */
const page = (area: TConsoleArea, load: () => Promise<ComponentType>) => ({
  lazy: async () => {
    const Page = await load();
    return {
      Component: () => (
        <RequireArea area={area}>
          <Page />
        </RequireArea>
      ),
    };
  },
});

export const router = createBrowserRouter(
  [
    {
      path: paths.signIn,
      errorElement: <RouteError />,
      lazy: async () => ({
        Component: (await import('../features/auth/routes/sign-in')).SignInPage,
      }),
    },
    {
      path: '/',
      errorElement: <RouteError />,
      element: (
        <RequireSession>
          <Shell />
        </RequireSession>
      ),
      children: [
        {
          index: true,
          ...page(
            'dashboard',
            async () => (await import('../features/dashboard/routes/dashboard')).DashboardPage,
          ),
        },
        {
          path: 'clients',
          ...page(
            'clients',
            async () => (await import('../features/clients/routes/clients')).ClientsPage,
          ),
        },
        {
          path: 'clients/:id',
          ...page('clients', async () => {
            // The client page shows the client's orders from trading; app/ composes the two.
            // and its engagement (level, score, achievements, radar) and API apps (connect).
            const [
              { ClientDetailPage },
              { ClientOrders },
              { ClientEngagement },
              { ClientApiApps },
            ] = await Promise.all([
              import('../features/clients/routes/client-detail'),
              import('../features/trading/components/client-orders'),
              import('../features/engagement/components/client-engagement'),
              import('../features/connect/components/client-api-apps'),
            ]);
            return function ClientDetailWithOrders() {
              return (
                <ClientDetailPage
                  sections={(client) => (
                    <>
                      <ClientEngagement clientId={client.id} />
                      <ClientOrders clientId={client.id} />
                      <ClientApiApps clientId={client.id} />
                    </>
                  )}
                />
              );
            };
          }),
        },
        {
          path: 'clients/:id/ledger',
          ...page(
            'ledger',
            async () => (await import('../features/funds/routes/client-ledger')).ClientLedgerPage,
          ),
        },
        {
          path: 'funds/deposits',
          ...page(
            'deposits',
            async () => (await import('../features/funds/routes/deposits')).DepositsQueuePage,
          ),
        },
        {
          path: 'funds/withdrawals',
          ...page(
            'withdrawals',
            async () => (await import('../features/funds/routes/withdrawals')).WithdrawalsQueuePage,
          ),
        },
        {
          path: 'funds/reconciliation',
          ...page(
            'reconciliation',
            async () =>
              (await import('../features/funds/routes/reconciliation')).ReconciliationPage,
          ),
        },
        {
          path: 'funds/settlement',
          ...page(
            'settlement',
            async () => (await import('../features/settlement/routes/settlement')).SettlementPage,
          ),
        },
        {
          path: 'funds/settlement/:id',
          ...page(
            'settlement',
            async () =>
              (await import('../features/settlement/routes/settlement-batch')).SettlementBatchPage,
          ),
        },
        {
          path: 'mail/outbox',
          ...page(
            'outbox',
            async () => (await import('../features/duties/routes/outbox')).OutboxPage,
          ),
        },
        {
          path: 'mail/contract-notes',
          ...page(
            'outbox',
            async () =>
              (await import('../features/duties/routes/contract-notes')).ContractNotesPage,
          ),
        },
        {
          path: 'grievances',
          ...page(
            'grievances',
            async () => (await import('../features/duties/routes/grievances')).GrievancesPage,
          ),
        },
        {
          path: 'trading/desk',
          ...page(
            'trading',
            async () => (await import('../features/trading/routes/desk')).DeskPage,
          ),
        },
        {
          path: 'trading/offerings',
          ...page(
            'trading',
            async () => (await import('../features/trading/routes/offerings')).OfferingsPage,
          ),
        },
        {
          path: 'trading/offerings/ipos/:id',
          ...page(
            'trading',
            async () => (await import('../features/trading/routes/ipo-detail')).IpoDetailPage,
          ),
        },
        {
          path: 'trading/charges',
          ...page(
            'trading',
            async () => (await import('../features/trading/routes/charges')).ChargesPage,
          ),
        },
        {
          path: 'corporate-actions',
          ...page(
            'corporateActions',
            async () =>
              (await import('../features/portfolio/routes/corporate-actions')).CorporateActionsPage,
          ),
        },
        {
          path: 'transfers-in',
          ...page(
            'transfersIn',
            async () => (await import('../features/transfers/routes/transfers-in')).TransfersInPage,
          ),
        },
        {
          path: 'compensation/claims',
          ...page(
            'compensation',
            async () =>
              (await import('../features/compensation/routes/claim-queue')).ClaimQueuePage,
          ),
        },
        {
          path: 'compensation/claims/:id',
          ...page(
            'compensation',
            async () =>
              (await import('../features/compensation/routes/claim-detail')).ClaimDetailPage,
          ),
        },
        {
          path: 'offers',
          ...page(
            'offers',
            async () => (await import('../features/compensation/routes/offers')).OffersPage,
          ),
        },
        {
          path: 'credit/loans',
          ...page(
            'loans',
            async () => (await import('../features/credit/routes/loan-queue')).LoanQueuePage,
          ),
        },
        {
          path: 'credit/loans/:id',
          ...page(
            'loans',
            async () => (await import('../features/credit/routes/loan-detail')).LoanDetailPage,
          ),
        },
        {
          path: 'credit/shortfalls',
          ...page(
            'loans',
            async () => (await import('../features/credit/routes/shortfalls')).ShortfallsPage,
          ),
        },
        {
          path: 'credit/products',
          ...page(
            'loans',
            async () =>
              (await import('../features/credit/routes/credit-products')).CreditProductsPage,
          ),
        },
        {
          path: 'engagement/tiers',
          ...page(
            'vipTiers',
            async () => (await import('../features/engagement/routes/vip-tiers')).VipTiersPage,
          ),
        },
        {
          path: 'support/canned-replies',
          ...page(
            'cannedRepliesEdit',
            async () =>
              (await import('../features/support/routes/canned-replies')).CannedRepliesPage,
          ),
        },
        {
          path: 'support',
          ...page(
            'supportChat',
            async () => (await import('../features/support/routes/inbox')).InboxPage,
          ),
        },
        {
          path: 'support/:id',
          ...page(
            'supportChat',
            async () => (await import('../features/support/routes/inbox')).InboxPage,
          ),
        },
        {
          path: 'kyc',
          ...page(
            'kyc',
            async () => (await import('../features/kyc/routes/kyc-queue')).KycQueuePage,
          ),
        },
        {
          path: 'kyc/:clientId',
          ...page(
            'kyc',
            async () => (await import('../features/kyc/routes/kyc-review')).KycReviewPage,
          ),
        },
        {
          path: 'invites',
          ...page(
            'invites',
            async () => (await import('../features/invites/routes/invites')).InvitesPage,
          ),
        },
        {
          path: 'reset-codes',
          ...page(
            'resetCodes',
            async () => (await import('../features/reset-codes/routes/reset-codes')).ResetCodesPage,
          ),
        },
        {
          path: 'news',
          ...page('news', async () => (await import('../features/news/routes/news')).NewsPage),
        },
        {
          path: 'company-videos',
          ...page(
            'companyVideos',
            async () =>
              (await import('../features/company-videos/routes/company-videos')).CompanyVideosPage,
          ),
        },
        {
          path: 'news/new',
          ...page(
            'news',
            async () => (await import('../features/news/routes/news-editor')).NewsEditorPage,
          ),
        },
        {
          path: 'news/:id',
          ...page(
            'news',
            async () => (await import('../features/news/routes/news-editor')).NewsEditorPage,
          ),
        },
        {
          path: 'staff',
          ...page('staff', async () => (await import('../features/staff/routes/staff')).StaffPage),
        },
        {
          path: 'menu',
          ...page(
            'menu',
            async () => (await import('../features/menu/routes/menu-editor')).MenuEditorPage,
          ),
        },
        {
          path: 'settings',
          ...page(
            'settings',
            async () => (await import('../features/settings/routes/settings')).SettingsPage,
          ),
        },
        {
          path: 'audit',
          ...page('audit', async () => (await import('../features/audit/routes/audit')).AuditPage),
        },
        {
          path: 'api-reference',
          ...page(
            'session',
            async () =>
              (await import('../features/reference/routes/api-reference')).ApiReferencePage,
          ),
        },
      ],
    },
  ],
  { basename: CONSOLE_BASENAME },
);
