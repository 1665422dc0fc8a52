import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { ZSettlementDate } from '@sampada/shared';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { bindField } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { usePrepareBatch } from '../api/settlement';

type TPrepare = { date: string };

/**
 * The maker's control: a settlement date (the shared schema checks its form; the server says
 * whether it is a settlement date that has come). Nothing moves until a second officer approves.
 */
export function PrepareForm({ suggested }: { suggested: string }) {
  const prepare = usePrepareBatch();
  const navigate = useNavigate();
  const form = useForm<TPrepare, unknown, TPrepare>({
    resolver: zodResolver(ZSettlementDate),
    defaultValues: { date: suggested },
  });
  const submit = form.handleSubmit((body) =>
    prepare.mutate(body, {
      onSuccess: ({ data, message }) => {
        notifySuccess(message);
        void navigate(paths.settlementBatch(data.id));
      },
    }),
  );
  return (
    <Card withBorder>
      <form onSubmit={submit} noValidate aria-label="Prepare batch">
        <Stack gap="sm">
          <Text fw={600}>Prepare a batch</Text>
          <Text size="sm" c="dimmed">
            Computes each due client&apos;s payout for the date. Nothing is paid until a second
            officer approves.
          </Text>
          <Group align="flex-start">
            <TextInput
              label="Settlement date"
              placeholder="YYYY-MM-DD"
              {...bindField(form, 'date')}
            />
            {/* Level with the field beside it; on a phone it wraps below, where the field's
                label does not need to be cleared. */}
            <Button type="submit" mt={{ base: 0, xs: 24 }} loading={prepare.isPending}>
              Prepare batch
            </Button>
          </Group>
          {prepare.error ? (
            <Alert color="red" data-testid="prepare-error">
              {prepare.error.message}
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Card>
  );
}
