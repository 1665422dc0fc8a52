import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid } from '@mantine/core';
import { paiseToRupeeText, TM, ZAllocationCreate } from '@sampada/shared';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useCreateAllocation } from '../api/allocations';
import { istNowInstant } from '../utils/dates';
import { withoutBlanks } from '../../../lib/forms';
import { IstDateTimeField } from '../../../components/ist-date-time-field';
import {
  FormTextFields,
  OfferingFormModal,
  OfferingNoteField,
  OfferingSymbolField,
  priceAndQuantity,
  useOfferingFormModal,
} from './offering-form-modal';

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
  const form = useForm<TFormIn, unknown, TFormOut>({
    resolver: withoutBlanks(zodResolver(ZAllocationForm)),
    defaultValues: emptyForm(),
  });
  const modal = useOfferingFormModal({ opened, reset: () => form.reset(emptyForm()), onClose });
  const submit = form.handleSubmit((values) => {
    modal.clearFailure();
    create.mutate(
      { ...values, price: paiseToRupeeText(values.price) },
      { onSuccess: ({ message }) => modal.succeed(message), onError: modal.fail },
    );
  });
  return (
    <OfferingFormModal
      {...modal.frame}
      title="New institutional allocation"
      size="lg"
      onSubmit={submit}
      submitLabel="Publish allocation"
      submitTestId="allocation-create"
      submitting={create.isPending}
    >
      <OfferingSymbolField form={form} testId="allocation-symbol" />
      <SimpleGrid cols={2}>
        <FormTextFields form={form} fields={priceAndQuantity<TFormIn>('allocation')} />
        <IstDateTimeField
          control={form.control}
          name="opens_at"
          label="Window opens"
          withAsterisk
          data-testid="allocation-opens"
        />
        <IstDateTimeField
          control={form.control}
          name="closes_at"
          label="Window closes"
          withAsterisk
          data-testid="allocation-closes"
        />
      </SimpleGrid>
      <OfferingNoteField form={form} shownWith="the offering" />
    </OfferingFormModal>
  );
}
