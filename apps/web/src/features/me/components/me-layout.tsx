import { Divider, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { BANK_SECTION_ID, paths } from '../../../config/paths';
import { useMeTranslation } from '../i18n';

const TABS = ['profile', 'application', 'records'] as const;

/** /me with its children, and the bank accounts section the drawer links to (spec §2). */
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
      <Divider my="md" />
      <Paper
        component="section"
        id={BANK_SECTION_ID}
        withBorder
        p="md"
        radius="md"
        aria-labelledby="bank-section-title"
      >
        <Title order={2} size="h4" id="bank-section-title">
          {t('bank.title')}
        </Title>
        <Text c="dimmed" mt="xs">
          {t('bank.text')}
        </Text>
      </Paper>
    </Stack>
  );
}
