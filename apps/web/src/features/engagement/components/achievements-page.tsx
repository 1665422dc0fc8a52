import type { TAchievement } from '@sampada/shared';
import { Badge, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAward, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../../components/market/query-state';
import { formatDate } from '../../../lib/datetime';
import { achievementsQueryOptions } from '../api/get-achievements';
import { serverWords, useEngagementTranslation } from '../i18n';

const day = (iso: string) => formatDate(iso);

function AchievementCard({ item }: { item: TAchievement }) {
  const { t } = useEngagementTranslation();
  const earned = item.earned_at !== null;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid={`achievement-${item.code}`}
      data-earned={earned}
      style={earned ? undefined : { opacity: 0.75 }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {earned ? (
          <IconAward size={28} color="var(--mantine-color-yellow-6)" aria-hidden />
        ) : (
          <IconLock size={28} color="var(--mantine-color-gray-5)" aria-hidden />
        )}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>{serverWords(`achievement.${item.code}.title`, item.title)}</Text>
            <Badge variant="light" color={earned ? 'yellow' : 'gray'}>
              {earned
                ? t('achievements.earned', { date: day(item.earned_at!) })
                : t('achievements.locked')}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {serverWords(`achievement.${item.code}.description`, item.description)}
          </Text>
          {!earned && item.target > 1 && (
            <Group gap="xs" wrap="nowrap">
              <Progress value={(item.progress / item.target) * 100} style={{ flex: 1 }} />
              <Text size="xs">
                {t('achievements.progress', { progress: item.progress, target: item.target })}
              </Text>
            </Group>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

/** Achievements (menu component 'engagement/achievements'): earned with the date, locked with progress. */
export default function AchievementsPage() {
  const { t } = useEngagementTranslation();
  const query = useQuery(achievementsQueryOptions());
  const items = query.data?.items ?? [];
  const earned = items.filter((i) => i.earned_at);
  const locked = items.filter((i) => !i.earned_at);
  return (
    <Stack gap="lg" data-testid="achievements-page">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('achievements.title')}
        </Title>
        {query.data && (
          <Text c="dimmed">
            {t('achievements.summary', { earned: earned.length, total: items.length })}
          </Text>
        )}
      </Group>
      <QueryState
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        rows={6}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[...earned, ...locked].map((item) => (
            <AchievementCard key={item.code} item={item} />
          ))}
        </SimpleGrid>
      </QueryState>
    </Stack>
  );
}
