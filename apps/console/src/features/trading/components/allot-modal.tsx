import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { ZAllotRequest } from '@sampada/shared';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { withoutBlanks, bindField } from '../../../lib/forms';

type TAllotIn = z.input<typeof ZAllotRequest>;
type TAllotOut = z.output<typeof ZAllotRequest>;

/** Run the allotment; a seed given here replays a recorded lottery, none draws a new one. */
export function AllotModal({
  opened,
  summary,
  failure,
  loading,
  onClose,
  onAllot,
}: {
  opened: boolean;
  summary: ReactNode;
  failure: string | null;
  loading: boolean;
  onClose: () => void;
  onAllot: (seed: string | undefined) => void;
}) {
  const form = useForm<TAllotIn, unknown, TAllotOut>({
    resolver: withoutBlanks(zodResolver(ZAllotRequest)),
    defaultValues: { seed: '' },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Run allotment">
      <form onSubmit={form.handleSubmit(({ seed }) => onAllot(seed))} noValidate>
        <Stack>
          {failure ? (
            <Alert color="red" data-testid="decision-error">
              {failure}
            </Alert>
          ) : null}
          {summary}
          <Text size="sm" c="dimmed">
            Allots at the upper price; if retail is oversubscribed, by lottery of one lot per
            applicant. Unallotted amounts are refunded at once. This cannot be undone.
          </Text>
          <TextInput
            label="Seed"
            description="Optional, 16 to 64 hex digits; empty draws a new seed, which is recorded"
            ff="monospace"
            {...bindField(form, 'seed')}
            data-testid="ipo-allot-seed"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={loading} data-testid="ipo-allot-run">
              Run allotment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
