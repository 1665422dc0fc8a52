import {
  Alert,
  Button,
  Group,
  Modal,
  type ModalProps,
  Stack,
  Textarea,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { type FormEventHandler, type ReactNode, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { bindField } from '../../../lib/forms';
import { ReferenceHint } from './reference-hint';

/**
 * The state of a modal that publishes an offering. `close` clears the form (through `reset`)
 * and the last failure; `succeed` announces the server's message and closes; `fail` keeps the
 * modal open with the server's message on top and raises a notification. `frame` is what
 * OfferingFormModal takes of it.
 */
export function useOfferingFormModal({
  opened,
  reset,
  onClose,
}: {
  opened: boolean;
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
    frame: { opened, onClose: close, failure },
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

/** A text input of an offering form: its field, its props and its test id. */
export interface TTextFieldSpec<T extends FieldValues> extends Omit<TextInputProps, 'name'> {
  name: Path<T>;
  testId: string;
}

/** Text inputs bound to the form, each with its message under it. */
export function FormTextFields<T extends FieldValues, TOut>({
  form,
  fields,
}: {
  form: UseFormReturn<T, unknown, TOut>;
  fields: TTextFieldSpec<T>[];
}) {
  return fields.map(({ name, testId, ...props }) => (
    <TextInput key={name} {...props} {...bindField(form, name)} data-testid={testId} />
  ));
}

/** The instrument of a new offering, with its live price (and, for a desk quote, the band). */
export function OfferingSymbolField<T extends { symbol: string }, TOut>({
  form,
  testId,
  band = false,
}: {
  form: UseFormReturn<T, unknown, TOut>;
  testId: string;
  band?: boolean;
}) {
  const name = 'symbol' as Path<T>;
  return (
    <TextInput
      label="Symbol"
      withAsterisk
      autoCapitalize="characters"
      {...bindField(form, name)}
      description={<ReferenceHint input={String(form.watch(name) ?? '')} band={band} />}
      data-testid={testId}
    />
  );
}

/** The price per share and the shares of an allocation or a desk quote. */
export const priceAndQuantity = <T extends FieldValues>(prefix: string): TTextFieldSpec<T>[] => [
  {
    name: 'price' as Path<T>,
    label: 'Price (₹ per share)',
    withAsterisk: true,
    inputMode: 'decimal',
    testId: `${prefix}-price`,
  },
  {
    name: 'quantity' as Path<T>,
    label: 'Quantity (shares)',
    withAsterisk: true,
    inputMode: 'numeric',
    testId: `${prefix}-quantity`,
  },
];

/** The optional note shown to clients with the offering. */
export function OfferingNoteField<T extends { note?: string }, TOut>({
  form,
  shownWith,
}: {
  form: UseFormReturn<T, unknown, TOut>;
  shownWith: string;
}) {
  return (
    <Textarea
      label="Note"
      description={`Optional; shown with ${shownWith}`}
      autosize
      minRows={2}
      maxLength={300}
      {...bindField(form, 'note' as Path<T>)}
    />
  );
}
