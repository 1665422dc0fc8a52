import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import {
  CLAIM_STATUS_LABELS,
  COMPENSATION_CATEGORY_LABELS,
  DECISION_DAYS,
  formatPaise,
  mayAccess,
  readRupees,
  type TConsoleClaimDetail,
} from '@sampada/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { formatDateTime, humanise } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { type TClaimDecision, useClaim, useDecideClaim } from '../api';

type TAction = TClaimDecision['action'];
const LABELS: Record<TAction, string> = {
  review: 'Start review',
  'ask-info': 'Ask for information',
  approve: 'Approve',
  reject: 'Reject',
  pay: 'Pay',
};

function actionsFor(claim: TConsoleClaimDetail, email: string | undefined): TAction[] {
  // An officer who gave the first of two approvals cannot give the second (issue 31): the
  // server refuses it, so the button is not offered.
  const approve: TAction[] = email && claim.approved_by.includes(email) ? [] : ['approve'];
  if (claim.status === 'submitted') return ['review', 'ask-info', ...approve, 'reject'];
  if (claim.status === 'under_review') return ['ask-info', ...approve, 'reject'];
  if (claim.status === 'approved' || claim.status === 'partly_approved') return ['pay'];
  return [];
}

/** The decision dialog: a question, an amount and reason, a reason, or a confirmation. */
function DecisionModal({
  claim,
  action,
  onClose,
}: {
  claim: TConsoleClaimDetail;
  action: TAction | null;
  onClose: () => void;
}) {
  const decide = useDecideClaim();
  const [text, setText] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const run = () => {
    if (!action) return;
    let decision: TClaimDecision;
    if (action === 'ask-info') decision = { action, question: text };
    else if (action === 'reject') decision = { action, reason: text };
    else if (action === 'approve') {
      const read = amount.trim() ? readRupees(amount) : null;
      if (read && !read.ok) return setError('Enter the amount in rupees.');
      decision = {
        action,
        reason: text,
        ...(read?.ok ? { amount_paise: Number(read.paise) } : {}),
      };
    } else decision = { action };
    setError(null);
    decide.mutate(
      { id: claim.id, decision },
      {
        onSuccess: () => {
          setText('');
          setAmount('');
          onClose();
        },
        onError: (e) => setError(e.message),
      },
    );
  };
  const second = action === 'approve' && claim.approvals === 1;
  return (
    <Modal opened={action !== null} onClose={onClose} title={action ? LABELS[action] : ''}>
      <Stack gap="sm">
        {action === 'approve' && !second && (
          <TextInput
            label={`Amount (₹); empty approves the ${formatPaise(claim.amount_claimed_paise)} claimed, less approves it partly`}
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            data-testid="decision-amount"
          />
        )}
        {second && (
          <Text size="sm">
            Second approval: confirms the first officer’s amount. Claims above the threshold need
            two officers.
          </Text>
        )}
        {(action === 'ask-info' || action === 'approve' || action === 'reject') && (
          <Textarea
            label={action === 'ask-info' ? 'What should the client send?' : 'Reason'}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={2}
            data-testid="decision-text"
          />
        )}
        {action === 'pay' && (
          <Text size="sm">
            Pays {formatPaise(claim.amount_approved_paise ?? 0)} to the client’s cash from the
            firm’s compensation account.
          </Text>
        )}
        {error && <Alert color="red">{error}</Alert>}
        <Button onClick={run} loading={decide.isPending} data-testid="decision-confirm">
          {action ? LABELS[action] : ''}
        </Button>
      </Stack>
    </Modal>
  );
}

/** One claim: the client's context, the evidence, the timeline, and the decisions. */
export function ClaimDetailPage() {
  const { id = '' } = useParams();
  const claim = useClaim(id);
  const session = useSession();
  const mayDecide = mayAccess(session?.staff.roles, 'compensationDecide');
  const [action, setAction] = useState<TAction | null>(null);
  const c = claim.data;
  return (
    <QueryState isPending={claim.isPending} error={claim.error}>
      {c && (
        <>
          <PageHeader
            title={`Claim ${c.reference}`}
            description={`${COMPENSATION_CATEGORY_LABELS[c.category]} · ${formatPaise(c.amount_claimed_paise)} claimed`}
            actions={
              <Group gap="xs">
                {mayDecide &&
                  actionsFor(c, session?.staff.email).map((a) => (
                    <Button
                      key={a}
                      size="compact-sm"
                      color={a === 'reject' ? 'red' : a === 'approve' ? 'teal' : 'blue'}
                      variant={a === 'reject' ? 'light' : 'filled'}
                      onClick={() => setAction(a)}
                      data-testid={`claim-${a}`}
                    >
                      {LABELS[a]}
                    </Button>
                  ))}
              </Group>
            }
          />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
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
          </SimpleGrid>
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
          <DecisionModal claim={c} action={action} onClose={() => setAction(null)} />
        </>
      )}
    </QueryState>
  );
}
