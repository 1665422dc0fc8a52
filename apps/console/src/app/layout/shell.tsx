import { mayAccess, type TConsoleArea } from '@sampada/shared';
import {
  AppShell,
  Badge,
  Burger,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAddressBook,
  IconAlertTriangle,
  IconCash,
  IconGift,
  IconReceiptRefund,
  IconCreditCard,
  IconCrown,
  IconArrowDownToArc,
  IconArrowUpFromArc,
  IconArrowsExchange,
  IconArrowsSplit2,
  IconTransferIn,
  IconBuildingBank,
  IconCalendarDollar,
  IconFileCertificate,
  IconMail,
  IconMessageReport,
  IconReceiptTax,
  IconScale,
  IconChevronDown,
  IconGauge,
  IconHistory,
  IconApi,
  IconId,
  IconKey,
  IconLayoutList,
  IconLogout,
  IconMessages,
  IconMovie,
  IconNews,
  IconSettings,
  IconTicket,
  IconUsersGroup,
} from '@tabler/icons-react';
import { type ComponentType, useEffect } from 'react';
import { NavLink as RouterLink, Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useDashboard } from '../../features/dashboard/api/get-dashboard';
import { useSignOut } from '../../features/auth/api/sign-out';
import { useSession } from '../../lib/session';
import { useInboxAlerts } from '../../features/support/components/inbox-alerts';
import { consoleTitle } from './page-title';

type Item = {
  label: string;
  to: string;
  area: TConsoleArea;
  icon: ComponentType<{ size?: number }>;
  queue?: string;
};

export const NAV: Item[] = [
  { label: 'Dashboard', to: paths.dashboard, area: 'dashboard', icon: IconGauge },
  { label: 'Clients', to: paths.clients, area: 'clients', icon: IconAddressBook },
  { label: 'KYC review', to: paths.kycQueue, area: 'kyc', icon: IconId, queue: 'kyc_pending' },
  {
    label: 'Deposits',
    to: paths.deposits,
    area: 'deposits',
    icon: IconArrowDownToArc,
    queue: 'deposits_pending',
  },
  {
    label: 'Withdrawals',
    to: paths.withdrawals,
    area: 'withdrawals',
    icon: IconArrowUpFromArc,
    queue: 'withdrawals_pending',
  },
  { label: 'Reconciliation', to: paths.reconciliation, area: 'reconciliation', icon: IconScale },
  {
    label: 'Settlement',
    to: paths.settlement,
    area: 'settlement',
    icon: IconCalendarDollar,
    queue: 'settlement_waiting',
  },
  // A broker's duties (issue 36): the day's contract notes, the mail behind them, complaints.
  { label: 'Contract notes', to: paths.contractNotes, area: 'outbox', icon: IconFileCertificate },
  { label: 'Outbox', to: paths.outbox, area: 'outbox', icon: IconMail },
  {
    label: 'Trading desk',
    to: paths.tradingDesk,
    area: 'trading',
    icon: IconArrowsExchange,
    // Counted by the server once trading adds it to the dashboard; no badge until then.
    queue: 'orders_awaiting_desk',
  },
  { label: 'Offerings', to: paths.tradingOfferings, area: 'trading', icon: IconBuildingBank },
  { label: 'Charges', to: paths.tradingCharges, area: 'trading', icon: IconReceiptTax },
  {
    label: 'Corporate actions',
    to: paths.corporateActions,
    area: 'corporateActions',
    icon: IconArrowsSplit2,
  },
  {
    label: 'Transfers in',
    to: paths.transfersIn,
    area: 'transfersIn',
    icon: IconTransferIn,
  },
  { label: 'Compensation', to: paths.claims, area: 'compensation', icon: IconReceiptRefund },
  { label: 'Offers', to: paths.offers, area: 'offers', icon: IconGift },
  { label: 'Loans', to: paths.loans, area: 'loans', icon: IconCash, queue: 'loans_applied' },
  { label: 'Pledge shortfalls', to: paths.shortfalls, area: 'loans', icon: IconAlertTriangle },
  { label: 'Credit products', to: paths.creditProducts, area: 'loans', icon: IconCreditCard },
  { label: 'VIP tiers', to: paths.vipTiers, area: 'vipTiers', icon: IconCrown },
  { label: 'Support inbox', to: paths.inbox, area: 'supportChat', icon: IconMessages },
  { label: 'Grievances', to: paths.grievances, area: 'grievances', icon: IconMessageReport },
  { label: 'Invitation codes', to: paths.invites, area: 'invites', icon: IconTicket },
  { label: 'Reset codes', to: paths.resetCodes, area: 'resetCodes', icon: IconKey },
  { label: 'News', to: paths.news, area: 'news', icon: IconNews },
  { label: 'Company videos', to: paths.companyVideos, area: 'companyVideos', icon: IconMovie },
  { label: 'Staff', to: paths.staff, area: 'staff', icon: IconUsersGroup },
  { label: 'Client menu', to: paths.menu, area: 'menu', icon: IconLayoutList },
  { label: 'Settings', to: paths.settings, area: 'settings', icon: IconSettings },
  { label: 'Audit log', to: paths.audit, area: 'audit', icon: IconHistory },
  { label: 'API reference', to: paths.apiReference, area: 'session', icon: IconApi },
];

/** The signed-in officer, their roles, and the two ways to sign out. */
function AccountMenu() {
  const current = useSession();
  const signOut = useSignOut();
  const roles = current?.staff.roles ?? [];
  return (
    <Menu position="bottom-end" width={240}>
      <Menu.Target>
        <UnstyledButton aria-label="Account">
          <Group gap={6}>
            <Text size="sm" fw={500} visibleFrom="xs" data-testid="staff-email">
              {current?.staff.email}
            </Text>
            <Badge variant="light" size="sm">
              {roles.join(', ')}
            </Badge>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{current?.staff.name}</Menu.Label>
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => signOut.mutate(false)}>
          Sign out
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() => signOut.mutate(true)}
        >
          Sign out everywhere
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export function Shell() {
  const [opened, { toggle, close }] = useDisclosure();
  const current = useSession();
  const location = useLocation();
  const dashboard = useDashboard();
  const roles = current?.staff.roles ?? [];
  // The inbox's live line, tone and tab-title badge, on every page of whoever may answer.
  const unreadChats = useInboxAlerts(mayAccess(roles, 'supportChat'));
  const isActive = (to: string) =>
    to === '/' ? location.pathname === '/' : location.pathname.startsWith(to);
  // The page's title, with the count of chats waiting to be read in front: "(2) Deposits · …".
  useEffect(() => {
    const title = consoleTitle(location.pathname, NAV);
    document.title = unreadChats > 0 ? `(${unreadChats}) ${title}` : title;
  }, [location.pathname, unreadChats]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Menu" />
            <Text fw={700} c="indigo.8">
              Sampada Console
            </Text>
          </Group>
          <AccountMenu />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        {/* The list outgrows a 900 px screen: it scrolls on its own (issue 31: Client menu,
            Settings and Audit log were out of reach). */}
        <AppShell.Section grow component={ScrollArea} type="auto" data-testid="console-nav">
          {NAV.filter((item) => mayAccess(roles, item.area)).map((item) => {
            const count =
              item.to === paths.inbox
                ? unreadChats
                : item.queue
                  ? dashboard.data?.queues[item.queue]
                  : undefined;
            return (
              <NavLink
                key={item.to}
                component={RouterLink}
                to={item.to}
                label={item.label}
                active={isActive(item.to)}
                onClick={close}
                leftSection={<item.icon size={18} />}
                rightSection={
                  count ? (
                    <Badge size="sm" color="yellow" circle>
                      {count}
                    </Badge>
                  ) : null
                }
              />
            );
          })}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
