import { Anchor, Button, Card, Grid, Image, Stack, Text, Title } from '@mantine/core';
import type { TClientDetail } from '@sampada/shared';
import { formatDateTime } from '../../../lib/format';

type TKyc = NonNullable<TClientDetail['kyc']>;

/** The submitted data and the decisions the status allows, beside the ID images. */
export function KycSubmission({
  client,
  kyc,
  busy,
  onApprove,
  onReject,
  onReopen,
}: {
  client: TClientDetail;
  kyc: TKyc;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
  onReopen: () => void;
}) {
  return (
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
                <Button color="teal" onClick={onApprove} data-testid="kyc-approve">
                  Approve…
                </Button>
                <Button color="red" variant="light" onClick={onReject}>
                  Reject…
                </Button>
              </>
            ) : null}
            {client.kyc_status === 'rejected' ? (
              <>
                <Button variant="light" loading={busy} onClick={onReopen}>
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
