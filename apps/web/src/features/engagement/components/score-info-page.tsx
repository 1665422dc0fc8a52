import { Paper, Rating, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useProfile } from '../../../lib/auth';
import { useEngagementTranslation } from '../i18n';

/** Score Info (menu component 'engagement/score-info'): the client's score and VIP level explained. */
export default function ScoreInfoPage() {
  const { t } = useEngagementTranslation();
  const { data: profile } = useProfile();
  const score = profile?.score ?? 0;
  const paragraphs = (key: 'score' | 'vip') =>
    t(`scoreInfo.${key}`, { returnObjects: true }) as string[];
  return (
    <Stack gap="lg" data-testid="score-info-page">
      <Title order={1} size="h2">
        {t('scoreInfo.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Paper withBorder p="md" radius="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('scoreInfo.yourScore')}
          </Text>
          <Text size="xl" fw={700}>
            {t('scoreInfo.scoreOf', { score })}
          </Text>
          <Rating value={score / 20} fractions={4} readOnly />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('scoreInfo.yourVip')}
          </Text>
          <Text size="xl" fw={700}>
            {t('scoreInfo.vipOf', { vip: profile?.vip ?? 0 })}
          </Text>
        </Paper>
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('scoreInfo.scoreHeading')}
        </Title>
        {paragraphs('score').map((p) => (
          <Text key={p}>{p}</Text>
        ))}
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('scoreInfo.vipHeading')}
        </Title>
        {paragraphs('vip').map((p) => (
          <Text key={p}>{p}</Text>
        ))}
      </Stack>
    </Stack>
  );
}
