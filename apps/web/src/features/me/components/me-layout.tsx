import { Stack, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { RouteTabs } from '../../../components/route-tabs';
import { paths } from '../../../config/paths';
import { useMeTranslation } from '../i18n';

const TABS = ['profile', 'application', 'records'] as const;

/** /me with its children; the bank accounts section is on the profile (spec §2). */
export function MeLayout() {
  const { t } = useMeTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <RouteTabs tabs={TABS} pathOf={(tab) => paths.me[tab]} labelOf={(tab) => t(`tabs.${tab}`)} />
      <Outlet />
    </Stack>
  );
}
