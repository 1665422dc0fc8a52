import { Stack, Tabs, Title } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useMeTranslation } from '../i18n';

const TABS = ['profile', 'application', 'records'] as const;

/** /me with its children; the bank accounts section is on the profile (spec §2). */
export function MeLayout() {
  const { t } = useMeTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = TABS.find((tab) => pathname.endsWith(`/${tab}`)) ?? 'profile';
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Tabs
        value={active}
        onChange={(tab) => tab && void navigate(paths.me[tab as (typeof TABS)[number]])}
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
