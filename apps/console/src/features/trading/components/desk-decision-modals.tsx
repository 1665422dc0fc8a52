import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { TM, ZAllocateRequest, ZOrderRejectRequest, formatCount } from '@sampada/shared';
import { type ReactNode, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DecisionFailure } from '../../../components/queue-parts';
import { ReasonModal } from '../../../components/reason-modal';
import { withoutBlanks, bindField } from '../../../lib/forms';

type TDecisionProps = {
  opened: boolean;
  summary: ReactNode;
  /** The server's message when the last attempt failed. */
  failure: string | null;
  loading: boolean;
  onClose: () => void;
};

type TAllocateIn = z.input<typeof ZAllocateRequest>;
type TAllocateOut = z.output<typeof ZAllocateRequest>;

/** Allocate all, part or none of an institutional request (0 = none; the rest is released). */
export function AllocateModal({
  requested,
  onAllocate,
  ...props
}: TDecisionProps & { requested: number; onAllocate: (quantity: number) => void }) {
  const resolver = useMemo(
    () =>
      withoutBlanks(
        zodResolver(
          ZAllocateRequest.superRefine((value, ctx) => {
            if (value.quantity > requested)
              ctx.addIssue({ code: 'custom', path: ['quantity'], message: TM.allocateTooMuch });
          }),
          { error: () => TM.quantityInvalid },
        ),
      ),
    [requested],
  );
  const form = useForm<TAllocateIn, unknown, TAllocateOut>({
    resolver,
    defaultValues: { quantity: String(requested) },
  });
  const close = () => {
    form.reset();
    props.onClose();
  };
  const set = (quantity: number) =>
    form.setValue('quantity', String(quantity), { shouldValidate: true });
  return (
    <Modal opened={props.opened} onClose={close} title="Allocate shares">
      <form onSubmit={form.handleSubmit(({ quantity }) => onAllocate(quantity))} noValidate>
        <Stack>
          <DecisionFailure failure={props.failure} />
          {props.summary}
          <TextInput
            label="Shares to allocate"
            description={`0 to ${formatCount(requested)}; 0 allocates none. What is not allocated returns to the client's available cash.`}
            inputMode="numeric"
            {...bindField(form, 'quantity')}
            data-testid="allocate-quantity"
          />
          <Group gap="xs">
            <Button size="compact-xs" variant="default" onClick={() => set(requested)}>
              All
            </Button>
            <Button size="compact-xs" variant="default" onClick={() => set(0)}>
              None
            </Button>
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              type="submit"
              color="teal"
              loading={props.loading}
              data-testid="allocate-submit"
            >
              Allocate
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Confirm an OTC take: it fills at the quoted price and a contract note is issued. */
export function ConfirmTakeModal({
  onConfirm,
  ...props
}: TDecisionProps & { onConfirm: () => void }) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Confirm OTC trade">
      <Stack>
        <DecisionFailure failure={props.failure} />
        {props.summary}
        <Text size="sm" c="dimmed">
          Confirming fills the whole take at the quoted price, settles it from the client&apos;s
          hold (or their reserved shares) and issues the contract note.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button
            color="teal"
            loading={props.loading}
            onClick={onConfirm}
            data-testid="confirm-submit"
          >
            Confirm trade
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Reject an institutional request or an OTC take; the client reads the reason. */
export function RejectOrderModal({
  onReject,
  ...props
}: TDecisionProps & { onReject: (reason: string) => void }) {
  return (
    <ReasonModal
      opened={props.opened}
      loading={props.loading}
      onClose={props.onClose}
      onReject={onReject}
      title="Reject order"
      description="The client sees this reason."
      schema={ZOrderRejectRequest}
      summary={
        <>
          <DecisionFailure failure={props.failure} />
          {props.summary}
          <Text size="sm" c="dimmed">
            Any amount on hold returns to the client&apos;s available cash.
          </Text>
        </>
      }
    />
  );
}
