import { Stack, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { RouteTabs } from '../../../components/route-tabs';
import { paths } from '../../../config/paths';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useMeTranslation } from '../i18n';

const TABS = [
  'profile',
  'application',
  'records',
  'nominees',
  'grievances',
  'security',
  'apps',
] as const;
/** On a phone the menu routes have no sidebar: Me gains a More tab listing them. */
const PHONE_TABS = [...TABS, 'more'] as const;

/** /me with its children; the bank accounts section is on the profile (spec §2). */
export function MeLayout() {
  const { t } = useMeTranslation();
  const isMobile = useIsPhone();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <RouteTabs
        tabs={isMobile ? PHONE_TABS : TABS}
        pathOf={(tab) => paths.me[tab]}
        labelOf={(tab) => t(`tabs.${tab}`)}
      />
      <Outlet />
    </Stack>
  );
}
