import { Alert, Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import { type FormEventHandler, type ReactNode, useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';

/**
 * The state of a modal that publishes an offering. `close` clears the form (through `reset`)
 * and the last failure; `succeed` announces the server's message and closes; `fail` keeps the
 * modal open with the server's message on top and raises a notification.
 */
export function useOfferingFormModal({
  reset,
  onClose,
}: {
  reset: () => void;
  onClose: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    reset();
    setFailure(null);
    onClose();
  };
  return {
    failure,
    close,
    clearFailure: () => setFailure(null),
    succeed: (message: string) => {
      notifySuccess(message);
      close();
    },
    fail: (error: Error) => {
      setFailure(error.message);
      notifyError(error);
    },
  };
}

/** A modal form that publishes an offering: the last failure, the fields, Cancel and publish. */
export function OfferingFormModal({
  opened,
  onClose,
  title,
  size,
  failure,
  onSubmit,
  submitLabel,
  submitTestId,
  submitting,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size: ModalProps['size'];
  failure: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  submitTestId: string;
  submitting: boolean;
  /** The fields. */
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {failure ? (
            <Alert color="red" data-testid="form-error">
              {failure}
            </Alert>
          ) : null}
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting} data-testid={submitTestId}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
