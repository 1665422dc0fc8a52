import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  Image,
  Modal,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ZKycRejectRequest } from '@sampada/shared';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { StatusBadge } from '../../../components/kyc-status-badge';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type TKycDecision, useKycSubject, useReviewKyc } from '../api/review-kyc';
import { bindField } from '../../../lib/forms';

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
            <Grid>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Card withBorder>
                  <Title order={4} mb="sm">
                    Submitted data
                  </Title>
                  <Stack gap={8}>
                    <Field label="Full name" value={kyc.full_name} />
                    <Field label="Date of birth" value={kyc.dob} />
                    <Field label={kyc.id_type === 'pan' ? 'PAN' : 'Aadhaar'} value={kyc.id_no} />
                    <Field label="Phone given" value={kyc.mobile ?? '—'} />
                    <Field label="Submitted" value={formatDateTime(kyc.create_datetime)} />
                    {kyc.reason ? <Field label="Rejection reason" value={kyc.reason} /> : null}
                  </Stack>
                  <Stack mt="lg" gap="sm">
                    {client.kyc_status === 'pending' ? (
                      <>
                        <Button color="teal" onClick={approval.open} data-testid="kyc-approve">
                          Approve…
                        </Button>
                        <Button color="red" variant="light" onClick={open}>
                          Reject…
                        </Button>
                      </>
                    ) : null}
                    {client.kyc_status === 'rejected' ? (
                      <>
                        <Button
                          variant="light"
                          loading={review.isPending}
                          onClick={() => decide({ action: 'reopen' })}
                        >
                          Reopen
                        </Button>
                        <Text size="xs" c="dimmed">
                          Reopening lets the client submit their KYC again.
                        </Text>
                      </>
                    ) : null}
                  </Stack>
                </Card>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 8 }}>
                <Grid>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <Text size="sm" fw={500} mb={4}>
                      Front
                    </Text>
                    <Anchor href={kyc.id_front_url} target="_blank" rel="noreferrer">
                      <Image src={kyc.id_front_url} alt="ID front" radius="sm" />
                    </Anchor>
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <Text size="sm" fw={500} mb={4}>
                      Back
                    </Text>
                    <Anchor href={kyc.id_back_url} target="_blank" rel="noreferrer">
                      <Image src={kyc.id_back_url} alt="ID back" radius="sm" />
                    </Anchor>
                  </Grid.Col>
                </Grid>
              </Grid.Col>
            </Grid>
          )}
          <Modal opened={approving} onClose={approval.close} title="Approve KYC">
            <Stack>
              <Text size="sm">
                Approve the KYC of {kyc?.full_name ?? client.mobile} (UID {client.uid})? The client
                can then deposit, trade and withdraw. Check the ID images against the submitted data
                first.
              </Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={approval.close}>
                  Cancel
                </Button>
                <Button
                  color="teal"
                  loading={review.isPending}
                  onClick={() => decide({ action: 'approve' })}
                  data-testid="kyc-approve-confirm"
                >
                  Approve KYC
                </Button>
              </Group>
            </Stack>
          </Modal>
          <Modal opened={rejecting} onClose={close} title="Reject KYC">
            <form
              onSubmit={form.handleSubmit(({ reason }) => decide({ action: 'reject', reason }))}
              noValidate
            >
              <Stack>
                <Textarea
                  label="Reason"
                  description="The client sees that the KYC was rejected; the reason is kept on the record."
                  autosize
                  minRows={3}
                  {...bindField(form, 'reason')}
                />
                <Button type="submit" color="red" loading={review.isPending}>
                  Reject
                </Button>
              </Stack>
            </form>
          </Modal>
        </>
      ) : null}
    </QueryState>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text>{value}</Text>
    </div>
  );
}
