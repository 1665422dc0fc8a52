import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { nomineesQueryOptions } from '../../../lib/nominees';
import { useDashboardTranslation } from '../i18n';

/**
 * SEBI's nomination rules (from 1 Mar 2025): a client with neither nominees nor a signed
 * opt-out is reminded on Home. The server says when (`remind_on_home`); the card goes once
 * either exists, and stays hidden until the answer is known so it never flashes.
 */
export function NomineeReminderCard() {
  const { t } = useDashboardTranslation();
  const { data } = useQuery(nomineesQueryOptions());
  if (!data?.remind_on_home) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" data-testid="nominee-reminder">
      <Group justify="space-between" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 18rem' }}>
          <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden>
            <IconUsers size={20} />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h4">
              {t('nominees.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('nominees.body')}
            </Text>
          </Stack>
        </Group>
        <Button component={Link} to={paths.me.nominees} data-testid="nominee-reminder-go">
          {t('nominees.go')}
        </Button>
      </Group>
    </Paper>
  );
}
