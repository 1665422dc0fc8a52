import { Button, Group, SimpleGrid } from '@mantine/core';
import {
  COMPENSATION_CATEGORY_LABELS,
  formatPaise,
  mayAccess,
  type TConsoleClaimDetail,
} from '@sampada/shared';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useSession } from '../../../lib/session';
import { useClaim } from '../api';
import {
  ClaimEvidenceCard,
  ClaimSummaryCard,
  ClaimTimelineCard,
  PriorClaimsCard,
} from './claim-detail-cards';
import { DecisionModal, LABELS, type TAction } from './claim-decision-modal';

function actionsFor(claim: TConsoleClaimDetail, email: string | undefined): TAction[] {
  // An officer who gave the first of two approvals cannot give the second (issue 31): the
  // server refuses it, so the button is not offered.
  const approve: TAction[] = email && claim.approved_by.includes(email) ? [] : ['approve'];
  if (claim.status === 'submitted') return ['review', 'ask-info', ...approve, 'reject'];
  if (claim.status === 'under_review') return ['ask-info', ...approve, 'reject'];
  if (claim.status === 'approved' || claim.status === 'partly_approved') return ['pay'];
  return [];
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
            <ClaimSummaryCard claim={c} />
            <ClaimEvidenceCard claim={c} />
          </SimpleGrid>
          <ClaimTimelineCard claim={c} />
          <PriorClaimsCard claim={c} />
          <DecisionModal claim={c} action={action} onClose={() => setAction(null)} />
        </>
      )}
    </QueryState>
  );
}
