import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type TResetCodeIssueRequest, ZResetCodeIssueRequest } from '@sampada/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ListTable } from '../../../components/list-table';
import { QueryState } from '../../../components/query-state';
import { RESET_CODE_COLUMNS, ResetCodeCells } from '../../../components/reset-code-cells';
import { formatDateTime } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { type TIssuedResetCode, useIssueResetCode, useResetCodes } from '../api/reset-codes';
import { bindField } from '../../../lib/forms';

export function ResetCodesPage() {
  const [params] = useSearchParams();
  const codes = useResetCodes();
  const issue = useIssueResetCode();
  const [issued, setIssued] = useState<(TIssuedResetCode & { mobile: string }) | null>(null);
  const form = useForm<TResetCodeIssueRequest>({
    resolver: zodResolver(ZResetCodeIssueRequest),
    defaultValues: { mobile: params.get('mobile') ?? '' },
  });
  const submit = form.handleSubmit((values) =>
    issue.mutate(values, {
      onSuccess: ({ data }) => setIssued({ ...data, mobile: values.mobile }),
      onError: notifyError,
    }),
  );

  return (
    <>
      <PageHeader
        title="Reset codes"
        description="A 6-digit code the client types to set a new password"
      />
      <Card withBorder mb="lg" maw={560}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label="Client's mobile"
              placeholder="98765 43210"
              {...bindField(form, 'mobile')}
            />
            <Button type="submit" loading={issue.isPending}>
              Issue code
            </Button>
          </Stack>
        </form>
        {issued ? (
          <Alert
            mt="md"
            color="indigo"
            title={`Code for ${issued.mobile}`}
            withCloseButton
            onClose={() => setIssued(null)}
          >
            <Title order={2} ff="monospace" data-testid="issued-reset-code">
              {issued.code}
            </Title>
            <Text size="sm">
              Read it to the client now: it is shown only once. Valid until{' '}
              {formatDateTime(issued.expires_at)}, for {issued.max_attempts} attempts. A new code
              replaces this one.
            </Text>
          </Alert>
        ) : null}
      </Card>
      <Title order={4} mb="sm">
        Recently issued
      </Title>
      <QueryState isPending={codes.isPending} error={codes.error}>
        <ListTable
          minWidth={600}
          columns={['Mobile', ...RESET_CODE_COLUMNS]}
          empty={codes.data?.length === 0 ? 'No codes issued yet.' : null}
        >
          {(codes.data ?? []).map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.client_mobile}</Table.Td>
              <ResetCodeCells code={r} />
            </Table.Tr>
          ))}
        </ListTable>
      </QueryState>
    </>
  );
}
