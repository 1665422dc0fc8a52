import {
  formatPaise,
  type TScore,
  type TScorePart,
  type TVip,
  type TVipTier,
} from '@sampada/shared';
import {
  Badge,
  Group,
  Paper,
  Progress,
  Rating,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { QueryState } from '../../../components/market/query-state';
import { scoreQueryOptions } from '../api/get-score';
import { vipQueryOptions } from '../api/get-vip';
import { formatDate, formatTime } from '../../../lib/datetime';
import { serverWords, useEngagementTranslation } from '../i18n';

function PartRow({ part }: { part: TScorePart }) {
  const { t } = useEngagementTranslation();
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`score-part-${part.key}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{serverWords(`part.${part.key}`, part.label)}</Text>
          <Text size="sm" c="dimmed">
            {part.detail}
          </Text>
          {part.raise && <Text size="sm">{t('scoreInfo.toRaise', { text: part.raise })}</Text>}
        </Stack>
        <Badge variant="light" size="lg" style={{ flexShrink: 0 }}>
          {t('scoreInfo.points', { points: part.points, max: part.max })}
        </Badge>
      </Group>
      <Progress
        mt="xs"
        size="sm"
        value={part.max > 0 ? (Math.max(0, part.points) / part.max) * 100 : 0}
        color={part.points < 0 ? 'red' : undefined}
      />
    </Paper>
  );
}

function TierCard({ tier, current }: { tier: TVipTier; current: boolean }) {
  const { t } = useEngagementTranslation();
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      bg={current ? 'var(--mantine-color-yellow-light)' : undefined}
      data-testid={`vip-tier-${tier.level}`}
    >
      <Text fw={700}>{t('scoreInfo.vipOf', { vip: tier.level })}</Text>
      <Text size="sm">
        {t('scoreInfo.tierFrom', { amount: formatPaise(tier.min_assets_paise) })}
      </Text>
      <Text size="sm" c="dimmed">
        {tier.brokerage_discount_bps > 0
          ? t('scoreInfo.discount', { pct: `${tier.brokerage_discount_bps / 100}%` })
          : t('scoreInfo.noDiscount')}
      </Text>
      <Text size="sm" c="dimmed">
        {tier.daily_withdrawal_limit_paise === null
          ? t('scoreInfo.noWithdrawalLimit')
          : t('scoreInfo.withdrawalLimit', {
              amount: formatPaise(tier.daily_withdrawal_limit_paise),
            })}
      </Text>
    </Paper>
  );
}

type TScoreQuery = UseQueryResult<TScore>;
type TVipQuery = UseQueryResult<TVip>;

/** The score out of 100 and the VIP level, with what the next level takes. */
function ScoreVipCards({ score, vip }: { score: TScoreQuery; vip: TVipQuery }) {
  const { t } = useEngagementTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Paper withBorder p="md" radius="md">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('scoreInfo.yourScore')}
        </Text>
        <Text size="xl" fw={700} data-testid="score-info-score">
          {/* Nothing rather than a false 0 while the stored score loads. */}
          {score.data ? t('scoreInfo.scoreOf', { score: score.data.score }) : '…'}
        </Text>
        <Rating value={(score.data?.score ?? 0) / 20} fractions={4} readOnly />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('scoreInfo.yourVip')}
        </Text>
        <Text size="xl" fw={700} data-testid="score-info-vip">
          {vip.data ? t('scoreInfo.vipOf', { vip: vip.data.level }) : '…'}
        </Text>
        {vip.data && (
          <Text size="sm" c="dimmed">
            {vip.data.next_level_paise === null
              ? t('scoreInfo.topLevel')
              : t('scoreInfo.nextLevel', {
                  level: vip.data.level + 1,
                  amount: formatPaise(vip.data.next_level_paise),
                })}
          </Text>
        )}
      </Paper>
    </SimpleGrid>
  );
}

function ScoreHistory({ score }: { score: TScoreQuery }) {
  const { t } = useEngagementTranslation();
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('scoreInfo.historyHeading')}
      </Title>
      {score.data && score.data.history.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('scoreInfo.noHistory')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table data-testid="score-history">
            <Table.Tbody>
              {score.data?.history.map((h) => (
                <Table.Tr key={`${h.at}-${h.score}-${h.reason}`}>
                  {/* Date over time: on one line "30 Nov 2026, 11:58 pm UTC" left the reason
                      too little of a 375 px screen, and the table spilled past it. */}
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(h.at)}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatTime(h.at)}
                    </Text>
                  </Table.Td>
                  <Table.Td fw={600}>{h.score}</Table.Td>
                  <Table.Td>{h.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** The VIP level's 30-day average, today's assets, and the tiers. */
function VipSection({ vip }: { vip: TVipQuery }) {
  const { t } = useEngagementTranslation();
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('scoreInfo.vipHeading')}
      </Title>
      <Text size="sm">{t('scoreInfo.vipText')}</Text>
      {vip.data && (
        <Group gap="xl">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('scoreInfo.average')}
            </Text>
            <Text fw={600} data-testid="vip-average">
              {formatPaise(vip.data.average_assets_paise)}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('scoreInfo.today')}
            </Text>
            <Text fw={600}>{formatPaise(vip.data.current_assets_paise)}</Text>
          </Stack>
        </Group>
      )}
      <Title order={3} size="h5" mt="sm">
        {t('scoreInfo.tiersHeading')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        {vip.data?.tiers.map((tier) => (
          <TierCard key={tier.level} tier={tier} current={tier.level === vip.data.level} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * Score Info (menu component 'engagement/score-info'): the trust score's parts as the server
 * computed them, its history, and the VIP level with its 30-day average and the tiers.
 */
export default function ScoreInfoPage() {
  const { t } = useEngagementTranslation();
  const score = useQuery(scoreQueryOptions());
  const vip = useQuery(vipQueryOptions());
  return (
    <Stack gap="lg" data-testid="score-info-page">
      <Title order={1} size="h2">
        {t('scoreInfo.title')}
      </Title>
      <ScoreVipCards score={score} vip={vip} />

      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('scoreInfo.partsHeading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('scoreInfo.partsIntro')}
        </Text>
        <QueryState
          isPending={score.isPending}
          isError={score.isError}
          onRetry={() => void score.refetch()}
          rows={5}
        >
          <Stack gap="xs">
            {score.data?.parts.map((part) => (
              <PartRow key={part.key} part={part} />
            ))}
          </Stack>
        </QueryState>
      </Stack>

      <ScoreHistory score={score} />

      <VipSection vip={vip} />
    </Stack>
  );
}
