import {
  Anchor,
  Badge,
  Card,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import {
  CLAIM_STATUS_LABELS,
  DECISION_DAYS,
  formatPaise,
  type TConsoleClaimDetail,
} from '@sampada/shared';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDateTime, humanise } from '../../../lib/format';

/** Where the claim stands, whose it is and what it says. */
export function ClaimSummaryCard({ claim: c }: { claim: TConsoleClaimDetail }) {
  return (
    <Card withBorder>
      <Stack gap={6}>
        <Group gap="xs">
          <Badge data-testid="claim-status">{CLAIM_STATUS_LABELS[c.status]}</Badge>
          {c.overdue && <Badge color="red">Overdue</Badge>}
        </Group>
        <Text size="sm">
          Age {c.age_days} of {DECISION_DAYS} days · due {c.decision_due}
        </Text>
        <Text size="sm">
          Client:{' '}
          <Anchor component={Link} to={paths.client(c.client.id)}>
            {c.client.name ?? c.client.uid}
          </Anchor>{' '}
          (UID {c.client.uid}) — their orders and ledger are on the client’s page
        </Text>
        {c.related && <Text size="sm">Concerns: {c.related.label}</Text>}
        {c.amount_approved_paise !== null && (
          <Text size="sm">Approved: {formatPaise(c.amount_approved_paise)}</Text>
        )}
        <Text size="sm">
          Approvals: {c.approvals} of {c.approvals_required}
          {c.approved_by.length ? ` (${c.approved_by.join(', ')})` : ''}
        </Text>
        {c.reason && <Text size="sm">Reason: {c.reason}</Text>}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {c.description}
        </Text>
      </Stack>
    </Card>
  );
}

/** The images the client sent. */
export function ClaimEvidenceCard({ claim: c }: { claim: TConsoleClaimDetail }) {
  return (
    <Card withBorder>
      <Title order={4} size="h6" mb="xs">
        Evidence
      </Title>
      {c.evidence.length === 0 ? (
        <Text c="dimmed" size="sm">
          No images.
        </Text>
      ) : (
        <SimpleGrid cols={4} spacing="xs" data-testid="claim-evidence">
          {c.evidence.map((url) => (
            <Anchor key={url} href={url} target="_blank">
              <Image src={url} alt="" h={80} fit="cover" radius="sm" />
            </Anchor>
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}

/** What happened, and who did it. */
export function ClaimTimelineCard({ claim: c }: { claim: TConsoleClaimDetail }) {
  return (
    <Card withBorder mt="md">
      <Title order={4} size="h6" mb="xs">
        Timeline
      </Title>
      <Timeline bulletSize={12} data-testid="claim-timeline">
        {c.events.map((e, i) => (
          <Timeline.Item key={i} title={`${humanise(e.by)}: ${e.message}`}>
            <Text size="xs" c="dimmed">
              {formatDateTime(e.at)}
              {e.images.length ? ` · ${e.images.length} image(s)` : ''}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Card>
  );
}

/** The client's earlier claims. */
export function PriorClaimsCard({ claim: c }: { claim: TConsoleClaimDetail }) {
  return (
    <Card withBorder mt="md" p={0}>
      <Title order={4} size="h6" p="sm">
        Prior claims of this client
      </Title>
      <Table>
        <Table.Tbody>
          {c.prior_claims.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>
                <Anchor component={Link} to={paths.claim(p.id)} size="sm">
                  {p.reference}
                </Anchor>
              </Table.Td>
              <Table.Td>{formatPaise(p.amount_claimed_paise)}</Table.Td>
              <Table.Td>{CLAIM_STATUS_LABELS[p.status]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {c.prior_claims.length === 0 && (
        <Text c="dimmed" size="sm" p="sm">
          None.
        </Text>
      )}
    </Card>
  );
}
