import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Outlet } from 'react-router';
import { RouteTabs } from '../../../components/route-tabs';
import { ShowAssetsToggle } from '../../../components/show-assets-toggle';
import { paths } from '../../../config/paths';
import { openGlobalDrawer } from '../../../lib/drawers';
import { usePortfolioTranslation } from '../i18n';

const TABS = ['summary', 'holding', 'awaiting', 'history', 'returns', 'gtt', 'tax'] as const;

/** /portfolio with its children (spec §2; GTT and Tax P&L from issue 22, Returns from issue 34), and the eye toggle that masks their amounts. */
export function PortfolioLayout() {
  const { t } = usePortfolioTranslation();
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Group gap="xs">
          <Button
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            onClick={() => openGlobalDrawer('deposit')}
            data-testid="portfolio-deposit"
          >
            {t('deposit')}
          </Button>
          <ShowAssetsToggle />
        </Group>
      </Group>
      <RouteTabs
        tabs={TABS}
        pathOf={(tab) => paths.portfolio[tab]}
        labelOf={(tab) => t(`tabs.${tab}`)}
      />
      <Outlet />
    </Stack>
  );
}
