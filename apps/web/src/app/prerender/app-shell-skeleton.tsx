import { AppShell, Box, Group, Skeleton, Stack, Text } from '@mantine/core';
import { APP_NAME } from '@sampada/shared';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';

/**
 * The signed-in shell around Home, for the static first paint of /dashboard: AppLayout's
 * measures (header 60 px, sidebar 232 px from `sm`, bottom tabs 64 px below it) with
 * placeholders where the menu and the avatar will be, and the real DashboardPage before any
 * answer, whose cards reserve the height of their loaded content (QueryState `height`).
 */
export function AppShellSkeleton() {
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 232, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Box style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <Text fw={700} size="lg" c="var(--sampada-brand)">
              {APP_NAME}
            </Text>
          </Box>
          <Skeleton height={36} radius="xl" w={36} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="md">
        <Stack gap="sm">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height={28} radius="sm" />
          ))}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main>
        {/* Home itself, as it first renders: every card in its loading state at full size. */}
        <DashboardPage />
      </AppShell.Main>
      <Box
        hiddenFrom="sm"
        pos="fixed"
        bottom={0}
        left={0}
        right={0}
        h={64}
        bg="var(--mantine-color-body)"
        style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      />
    </AppShell>
  );
}
