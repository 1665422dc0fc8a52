import '@mantine/charts/styles.css';
import { RadarChart } from '@mantine/charts';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title, useMatches } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../../components/market/query-state';
import { radarQueryOptions } from '../api/get-radar';
import { serverWords, useEngagementTranslation } from '../i18n';

/**
 * Client Radar (menu component 'engagement/radar'): the five scores drawn as a radar chart
 * (Mantine charts, loaded with this page only), each with the sentence saying how it was
 * computed from the client's own holdings and trades.
 */
export default function RadarPage() {
  const { t } = useEngagementTranslation();
  const query = useQuery(radarQueryOptions());
  const phone = useMatches({ base: true, sm: false });
  const data = (query.data?.scores ?? []).map((s) => ({
    axis: serverWords(`axis.${s.axis}`, s.label),
    value: s.value,
  }));
  return (
    <Stack gap="lg" data-testid="radar-page">
      <Title order={1} size="h2">
        {t('radar.title')}
      </Title>
      <Text c="dimmed">{t('radar.intro')}</Text>
      <QueryState
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        rows={5}
      >
        <Paper withBorder radius="md" p="md" data-testid="radar-chart">
          <RadarChart
            h={phone ? 250 : 320}
            data={data}
            dataKey="axis"
            withPolarRadiusAxis
            polarRadiusAxisProps={{ domain: [0, 100], tickCount: 5 }}
            // On a phone the web is drawn smaller and its labels in a smaller type, or
            // "Discipline" and "Return vs NIFTY 50" ran off the card's edges (issue 31); the
            // chart is shorter there too, so the web does not float in empty space.
            radarChartProps={phone ? { outerRadius: '46%' } : undefined}
            polarAngleAxisProps={phone ? { tick: { fontSize: 10 } } : undefined}
            series={[
              { name: 'value', label: t('radar.chartLabel'), color: 'teal.6', opacity: 0.3 },
            ]}
          />
        </Paper>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {query.data?.scores.map((s) => (
            <Paper key={s.axis} withBorder radius="md" p="sm" data-testid={`radar-${s.axis}`}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>{serverWords(`axis.${s.axis}`, s.label)}</Text>
                <Badge size="lg" variant="light">
                  {s.value}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed" mt={4}>
                {s.explanation}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </QueryState>
    </Stack>
  );
}
