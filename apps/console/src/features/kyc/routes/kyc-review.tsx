import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ZKycRejectRequest } from '@sampada/shared';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { StatusBadge } from '../../../components/kyc-status-badge';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type TKycDecision, useKycSubject, useReviewKyc } from '../api/review-kyc';
import { KycApproveModal, KycRejectModal } from './kyc-decision-modals';
import { KycSubmission } from './kyc-submission';

/** The submitted data beside the ID images, and the decisions the client's status allows. */
export function KycReviewPage() {
  const { clientId = '' } = useParams();
  const subject = useKycSubject(clientId);
  const review = useReviewKyc(clientId);
  const [rejecting, { open, close }] = useDisclosure(false);
  // Approval opens the account to money and trading: one click was too easy (issue 31).
  const [approving, approval] = useDisclosure(false);
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(ZKycRejectRequest),
    defaultValues: { reason: '' },
  });

  const decide = (decision: TKycDecision) =>
    review.mutate(decision, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        close();
        approval.close();
        form.reset();
      },
      onError: notifyError,
    });

  const client = subject.data;
  const kyc = client?.kyc;
  return (
    <QueryState isPending={subject.isPending} error={subject.error}>
      {client ? (
        <>
          <PageHeader
            title={`KYC: ${kyc?.full_name ?? client.mobile}`}
            description={`UID ${client.uid} · ${client.mobile}`}
            actions={
              <Anchor component={Link} to={paths.client(client.id)}>
                Client profile
              </Anchor>
            }
          />
          <Group mb="md">
            <Text>Client status</Text>
            <span data-testid="client-kyc-status">
              <StatusBadge status={client.kyc_status} />
            </span>
          </Group>
          {!kyc ? (
            <Alert color="gray">
              This client has not submitted KYC
              {client.kyc_status === 'unverified' ? ' since it was reopened' : ''}.
            </Alert>
          ) : (
            <KycSubmission
              client={client}
              kyc={kyc}
              busy={review.isPending}
              onApprove={approval.open}
              onReject={open}
              onReopen={() => decide({ action: 'reopen' })}
            />
          )}
          <KycApproveModal
            opened={approving}
            name={kyc?.full_name ?? client.mobile}
            uid={client.uid}
            busy={review.isPending}
            onClose={approval.close}
            onApprove={() => decide({ action: 'approve' })}
          />
          <KycRejectModal
            opened={rejecting}
            form={form}
            busy={review.isPending}
            onClose={close}
            onReject={(reason) => decide({ action: 'reject', reason })}
          />
        </>
      ) : null}
    </QueryState>
  );
}
