import { Group, Stack, Tabs, Title } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ShowAssetsToggle } from '../../../components/show-assets-toggle';
import { paths } from '../../../config/paths';
import { usePortfolioTranslation } from '../i18n';

const TABS = ['summary', 'holding', 'awaiting', 'history'] as const;

/** /portfolio with its four children (spec §2), and the eye toggle that masks their amounts. */
export function PortfolioLayout() {
  const { t } = usePortfolioTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = TABS.find((tab) => pathname.endsWith(`/${tab}`)) ?? 'summary';
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <ShowAssetsToggle />
      </Group>
      <Tabs
        value={active}
        onChange={(tab) => tab && void navigate(paths.portfolio[tab as (typeof TABS)[number]])}
      >
        <Tabs.List grow>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
