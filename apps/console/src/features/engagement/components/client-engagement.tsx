import { zodResolver } from '@hookform/resolvers/zod';
import {
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  formatPaise,
  mayAccess,
  type TConsoleEngagement,
  type TScoreAdjustmentRequest,
  ZScoreAdjustmentRequest,
} from '@sampada/shared';
import { Controller, useForm } from 'react-hook-form';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { bindField } from '../../../lib/forms';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useAdjustScore, useClientEngagement } from '../api/engagement';

function Level({ data }: { data: TConsoleEngagement }) {
  const { vip } = data;
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={4}>VIP level</Title>
        <Badge size="lg" color="yellow" data-testid="console-vip-level">
          VIP {vip.level}
        </Badge>
      </Group>
      <Stack gap={4}>
        <Text size="sm">
          30-day average closing assets: {formatPaise(vip.average_assets_paise)}
        </Text>
        <Text size="sm">Today: {formatPaise(vip.current_assets_paise)}</Text>
        <Text size="sm" c="dimmed">
          {vip.next_level_paise === null
            ? 'Highest level.'
            : `VIP ${vip.level + 1} from an average of ${formatPaise(vip.next_level_paise)}.`}
        </Text>
        <Text size="sm" c="dimmed">
          Benefits: {vip.tier.brokerage_discount_bps / 100}% off brokerage;{' '}
          {vip.tier.daily_withdrawal_limit_paise === null
            ? 'no daily withdrawal limit'
            : `withdrawals up to ${formatPaise(vip.tier.daily_withdrawal_limit_paise)} a day`}
          .
        </Text>
      </Stack>
    </Card>
  );
}

function Score({ data }: { data: TConsoleEngagement }) {
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={4}>Trust score</Title>
        <Badge size="lg" data-testid="console-score">
          {data.score.score} / 100
        </Badge>
      </Group>
      <Table>
        <Table.Tbody>
          {data.score.parts.map((p) => (
            <Table.Tr key={p.key} data-testid={`console-score-part-${p.key}`}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {p.label}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.detail}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {p.points} / {p.max}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={5} mt="md" mb="xs">
        History
      </Title>
      <Stack gap={2}>
        {data.score.history.slice(0, 10).map((h) => (
          <Text size="xs" key={`${h.at}-${h.reason}`}>
            {formatDateTime(h.at)} · <b>{h.score}</b> · {h.reason}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}

function Achievements({ data }: { data: TConsoleEngagement }) {
  return (
    <Card withBorder>
      <Title order={4} mb="sm">
        Achievements
      </Title>
      <Stack gap={6}>
        {data.achievements.map((a) => (
          <Group key={a.code} justify="space-between" wrap="nowrap">
            <Text size="sm">{a.title}</Text>
            {a.earned_at ? (
              <Badge color="yellow" variant="light">
                {formatDateTime(a.earned_at)}
              </Badge>
            ) : (
              <Text size="xs" c="dimmed">
                {a.progress} / {a.target}
              </Text>
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

function Radar({ data }: { data: TConsoleEngagement }) {
  return (
    <Card withBorder>
      <Title order={4} mb="sm">
        Client radar
      </Title>
      <Stack gap="xs">
        {data.radar.scores.map((s) => (
          <Stack gap={2} key={s.axis}>
            <Group justify="space-between">
              <Text size="sm" fw={500}>
                {s.label}
              </Text>
              <Text size="sm">{s.value}</Text>
            </Group>
            <Progress value={s.value} size="sm" />
            <Text size="xs" c="dimmed">
              {s.explanation}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

function Adjust({ clientId, data }: { clientId: string; data: TConsoleEngagement }) {
  const adjust = useAdjustScore(clientId);
  const form = useForm<TScoreAdjustmentRequest>({
    resolver: zodResolver(ZScoreAdjustmentRequest),
    defaultValues: { points: 5, reason: '' },
  });
  const submit = form.handleSubmit((values) =>
    adjust.mutate(values, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        form.reset({ points: 5, reason: '' });
      },
      onError: notifyError,
    }),
  );
  return (
    <Card withBorder>
      <Title order={4} mb="sm">
        Adjust the trust score
      </Title>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <Controller
            control={form.control}
            name="points"
            render={({ field }) => (
              <NumberInput
                label="Points (−20 to +20)"
                description="A part of the score with its reason; adjustments together count up to ±20."
                min={-20}
                max={20}
                allowDecimal={false}
                value={field.value as number}
                onChange={(v) => field.onChange(typeof v === 'number' ? v : Number(v))}
                error={form.formState.errors.points?.message}
              />
            )}
          />
          <Textarea
            label="Reason"
            description="Shown in the score's history and audited"
            {...bindField(form, 'reason')}
          />
          <Button type="submit" loading={adjust.isPending}>
            Save adjustment
          </Button>
        </Stack>
      </form>
      {data.adjustments.length > 0 && (
        <Stack gap={2} mt="md">
          {data.adjustments.map((a) => (
            <Text size="xs" key={`${a.at}-${a.reason}`}>
              {formatDateTime(a.at)} · {a.points > 0 ? '+' : ''}
              {a.points} · {a.reason} · {a.staff}
            </Text>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** The client page's engagement cards (app/ composes them into the client's page). */
export function ClientEngagement({ clientId }: { clientId: string }) {
  const roles = useSession()?.staff.roles;
  const query = useClientEngagement(clientId);
  if (!mayAccess(roles, 'engagement')) return null;
  return (
    <QueryState isPending={query.isPending} error={query.error}>
      {query.data ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }} data-testid="client-engagement">
          <Level data={query.data} />
          <Score data={query.data} />
          <Achievements data={query.data} />
          <Radar data={query.data} />
          {mayAccess(roles, 'scoreAdjust') ? (
            <Adjust clientId={clientId} data={query.data} />
          ) : null}
        </SimpleGrid>
      ) : null}
    </QueryState>
  );
}
