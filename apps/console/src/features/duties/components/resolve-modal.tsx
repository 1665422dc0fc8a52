import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type TConsoleGrievance, ZGrievanceResolve } from '@sampada/shared';
import { useForm } from 'react-hook-form';
import { bindField } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { useResolveGrievance } from '../api/grievances';

type TResolve = { resolution: string };

/**
 * Resolving a complaint: what was done, in words the client reads (they are e-mailed it).
 * The shared schema holds the rule for an empty note; the server's refusal shows above it.
 */
export function ResolveModal({
  grievance,
  onClose,
}: {
  grievance: TConsoleGrievance | null;
  onClose: () => void;
}) {
  const resolve = useResolveGrievance();
  const form = useForm<TResolve, unknown, TResolve>({
    resolver: zodResolver(ZGrievanceResolve),
    defaultValues: { resolution: '' },
  });
  const close = () => {
    form.reset();
    resolve.reset();
    onClose();
  };
  const submit = form.handleSubmit(({ resolution }) => {
    if (!grievance) return;
    resolve.mutate(
      { id: grievance.id, resolution },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          close();
        },
      },
    );
  });
  return (
    <Modal opened={grievance !== null} onClose={close} title="Resolve the complaint">
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Resolve complaint">
        <Stack>
          {resolve.error ? (
            <Alert color="red" data-testid="resolve-error">
              {resolve.error.message}
            </Alert>
          ) : null}
          {grievance ? (
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {grievance.reference} · {grievance.subject}
              </Text>
              <Text size="sm" c="dimmed">
                {grievance.description}
              </Text>
            </Stack>
          ) : null}
          <Textarea
            label="Resolution"
            description="What was done. The client is e-mailed this."
            autosize
            minRows={3}
            maxLength={2000}
            {...bindField(form, 'resolution')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={resolve.isPending}>
              Resolve
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
