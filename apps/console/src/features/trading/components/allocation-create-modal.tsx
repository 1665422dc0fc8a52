import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { TM, ZAllocationCreate } from '@sampada/shared';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateAllocation } from '../api/allocations';
import { istNowInstant } from '../utils/dates';
import { withoutBlanks } from '../utils/forms';
import { paiseToRupeeText } from '../utils/money';
import { IstDateTimeInput } from './ist-date-time-input';
import { ReferenceHint } from './reference-hint';

/** The shared request, with a message for an empty window end and the window's order checked. */
const ZAllocationForm = ZAllocationCreate.extend({
  opens_at: z
    .string({ error: 'Enter when the window opens.' })
    .pipe(ZAllocationCreate.shape.opens_at),
  closes_at: z
    .string({ error: 'Enter when the window closes.' })
    .pipe(ZAllocationCreate.shape.closes_at),
}).superRefine((value, ctx) => {
  const closes = Date.parse(value.closes_at);
  if (closes <= Date.parse(value.opens_at))
    ctx.addIssue({ code: 'custom', path: ['closes_at'], message: TM.windowInvalid });
  else if (closes <= Date.now())
    ctx.addIssue({ code: 'custom', path: ['closes_at'], message: TM.windowPast });
});
type TFormIn = z.input<typeof ZAllocationForm>;
type TFormOut = z.output<typeof ZAllocationForm>;

const emptyForm = (): TFormIn => ({
  symbol: '',
  price: '',
  quantity: '',
  opens_at: istNowInstant(),
  closes_at: '',
  note: '',
});

/** Publish an institutional allocation: a stock, its price, the shares and the window. */
export function AllocationCreateModal({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const create = useCreateAllocation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TFormIn, unknown, TFormOut>({
    resolver: withoutBlanks(zodResolver(ZAllocationForm)),
    defaultValues: emptyForm(),
  });
  const [symbol] = useDebouncedValue(form.watch('symbol').trim().toUpperCase(), 400);
  const close = () => {
    form.reset(emptyForm());
    setFailure(null);
    onClose();
  };
  const submit = form.handleSubmit((values) => {
    setFailure(null);
    create.mutate(
      { ...values, price: paiseToRupeeText(values.price) },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          close();
        },
        onError: (error) => {
          setFailure(error.message);
          notifyError(error);
        },
      },
    );
  });
  const { errors } = form.formState;
  return (
    <Modal opened={opened} onClose={close} title="New institutional allocation" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure ? (
            <Alert color="red" data-testid="form-error">
              {failure}
            </Alert>
          ) : null}
          <TextInput
            label="Symbol"
            withAsterisk
            autoCapitalize="characters"
            {...form.register('symbol')}
            error={errors.symbol?.message}
            description={<ReferenceHint symbol={symbol} />}
            data-testid="allocation-symbol"
          />
          <SimpleGrid cols={2}>
            <TextInput
              label="Price (₹ per share)"
              withAsterisk
              inputMode="decimal"
              {...form.register('price')}
              error={errors.price?.message}
              data-testid="allocation-price"
            />
            <TextInput
              label="Quantity (shares)"
              withAsterisk
              inputMode="numeric"
              {...form.register('quantity')}
              error={errors.quantity?.message}
              data-testid="allocation-quantity"
            />
            <Controller
              control={form.control}
              name="opens_at"
              render={({ field }) => (
                <IstDateTimeInput
                  label="Window opens"
                  withAsterisk
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.opens_at?.message}
                  data-testid="allocation-opens"
                />
              )}
            />
            <Controller
              control={form.control}
              name="closes_at"
              render={({ field }) => (
                <IstDateTimeInput
                  label="Window closes"
                  withAsterisk
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.closes_at?.message}
                  data-testid="allocation-closes"
                />
              )}
            />
          </SimpleGrid>
          <Textarea
            label="Note"
            description="Optional; shown with the offering"
            autosize
            minRows={2}
            maxLength={300}
            {...form.register('note')}
            error={errors.note?.message}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="allocation-create">
              Publish allocation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
