import { Group, Stack, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { RouteTabs } from '../../../components/route-tabs';
import { DepositAndEye } from '../../../components/show-assets-toggle';
import { paths } from '../../../config/paths';
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
        <DepositAndEye label={t('deposit')} testId="portfolio-deposit" />
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
