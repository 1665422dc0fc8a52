import { zodResolver } from '@hookform/resolvers/zod';
import { Input, SegmentedControl, SimpleGrid } from '@mantine/core';
import { formatPaise, paiseToRupeeText, TM, ZOtcQuoteCreate } from '@sampada/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Control, Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useCreateOtcQuote } from '../api/otc-quotes';
import { referenceQuery } from '../api/reference';
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

/** The shared request, with a message for an empty validity and a validity in the future. */
const ZOtcQuoteForm = ZOtcQuoteCreate.extend({
  valid_until: z
    .string({ error: 'Enter until when the quote is valid.' })
    .pipe(ZOtcQuoteCreate.shape.valid_until),
}).superRefine((value, ctx) => {
  if (Date.parse(value.valid_until) <= Date.now())
    ctx.addIssue({ code: 'custom', path: ['valid_until'], message: TM.windowPast });
});
type TFormIn = z.input<typeof ZOtcQuoteForm>;
type TFormOut = z.output<typeof ZOtcQuoteForm>;

const EMPTY: TFormIn = {
  symbol: '',
  side: 'buy',
  price: '',
  quantity: '',
  valid_until: '',
  note: '',
};

/**
 * Publish an OTC desk quote. The price must sit within ±3% of the instrument's reference
 * price: the form reads the reference (GET /trading/reference/:symbol), shows the band and
 * refuses a price outside it before anything is sent.
 */
export function OtcQuoteCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const create = useCreateOtcQuote();
  const [checking, setChecking] = useState(false);
  const form = useForm<TFormIn, unknown, TFormOut>({
    resolver: withoutBlanks(zodResolver(ZOtcQuoteForm)),
    defaultValues: EMPTY,
  });
  const modal = useOfferingFormModal({ opened, reset: () => form.reset(EMPTY), onClose });

  const submit = form.handleSubmit(async (values) => {
    modal.clearFailure();
    setChecking(true);
    let reference;
    try {
      reference = await client.fetchQuery(referenceQuery(values.symbol));
    } catch (error) {
      form.setError('symbol', { message: (error as Error).message });
      return;
    } finally {
      setChecking(false);
    }
    const lower = BigInt(reference.otc_lower_paise);
    const upper = BigInt(reference.otc_upper_paise);
    if (values.price < lower || values.price > upper) {
      form.setError('price', {
        message: TM.priceOutsideOtcBand(formatPaise(lower), formatPaise(upper)),
      });
      return;
    }
    create.mutate(
      { ...values, price: paiseToRupeeText(values.price) },
      { onSuccess: ({ message }) => modal.succeed(message), onError: modal.fail },
    );
  });

  return (
    <OfferingFormModal
      {...modal.frame}
      title="New OTC desk quote"
      size="lg"
      onSubmit={submit}
      submitLabel="Publish quote"
      submitTestId="otc-create"
      submitting={checking || create.isPending}
    >
      <OfferingSymbolField form={form} testId="otc-symbol" band />
      <OtcSideField control={form.control} />
      <SimpleGrid cols={2}>
        <FormTextFields form={form} fields={priceAndQuantity<TFormIn>('otc')} />
      </SimpleGrid>
      <IstDateTimeField
        control={form.control}
        name="valid_until"
        label="Valid until"
        description="Takes not confirmed by then expire"
        withAsterisk
        data-testid="otc-valid-until"
      />
      <OfferingNoteField form={form} shownWith="the quote" />
    </OfferingFormModal>
  );
}

/** Which way clients trade with the desk. */
function OtcSideField({ control }: { control: Control<TFormIn, unknown, TFormOut> }) {
  return (
    <Controller
      control={control}
      name="side"
      render={({ field, fieldState }) => (
        <Input.Wrapper
          label="Clients"
          description="Buy: clients buy from the desk. Sell: the desk buys from clients."
          error={fieldState.error?.message}
        >
          <SegmentedControl
            mt={4}
            fullWidth
            value={field.value}
            onChange={field.onChange}
            data={[
              { value: 'buy', label: 'Buy from the desk' },
              { value: 'sell', label: 'Sell to the desk' },
            ]}
            data-testid="otc-side"
          />
        </Input.Wrapper>
      )}
    />
  );
}
