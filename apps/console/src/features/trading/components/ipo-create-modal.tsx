import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, SimpleGrid, Textarea } from '@mantine/core';
import { IPO_LISTING_DAYS, paiseToRupeeText, TM, ZIpoCreate } from '@sampada/shared';
import { useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../../config/paths';
import { useCreateIpo } from '../api/ipos';
import { addWorkingDays, formatDay } from '../utils/dates';
import { DayField } from '../../../components/day-field';
import { bindField, withoutBlanks } from '../../../lib/forms';
import {
  FormTextFields,
  OfferingFormModal,
  type TTextFieldSpec,
  useOfferingFormModal,
} from './offering-form-modal';

/** The shared request, with messages for empty dates and its cross-field rules checked here. */
const ZIpoForm = ZIpoCreate.extend({
  open_date: z.string({ error: 'Enter the opening date.' }).pipe(ZIpoCreate.shape.open_date),
  close_date: z.string({ error: 'Enter the closing date.' }).pipe(ZIpoCreate.shape.close_date),
}).superRefine((value, ctx) => {
  if (value.price_high < value.price_low)
    ctx.addIssue({ code: 'custom', path: ['price_high'], message: TM.bandInvalid });
  if (value.shares_offered % value.lot_size !== 0)
    ctx.addIssue({ code: 'custom', path: ['shares_offered'], message: TM.sharesInvalid });
  if (value.close_date < value.open_date)
    ctx.addIssue({ code: 'custom', path: ['close_date'], message: TM.datesInvalid });
  if (value.listing_date && value.listing_date < value.close_date)
    ctx.addIssue({ code: 'custom', path: ['listing_date'], message: TM.datesInvalid });
});
type TFormIn = z.input<typeof ZIpoForm>;
type TFormOut = z.output<typeof ZIpoForm>;

/** The company and its identifiers. */
const ISSUE_FIELDS: TTextFieldSpec<TFormIn>[] = [
  {
    name: 'symbol',
    label: 'Symbol',
    withAsterisk: true,
    autoCapitalize: 'characters',
    testId: 'ipo-symbol',
  },
  { name: 'name', label: 'Company name', withAsterisk: true, testId: 'ipo-name' },
  { name: 'sector', label: 'Sector', testId: 'ipo-sector' },
  { name: 'industry', label: 'Industry', testId: 'ipo-industry' },
  {
    name: 'isin',
    label: 'ISIN',
    placeholder: 'INE000A01010',
    autoCapitalize: 'characters',
    testId: 'ipo-isin',
  },
];

/** The price band and what is offered, in lots. */
const TERMS_FIELDS: TTextFieldSpec<TFormIn>[] = [
  {
    name: 'price_low',
    label: 'Price band low (₹)',
    withAsterisk: true,
    inputMode: 'decimal',
    testId: 'ipo-price-low',
  },
  {
    name: 'price_high',
    label: 'Price band high (₹)',
    description: 'Retail bids are at cut-off: this price',
    withAsterisk: true,
    inputMode: 'decimal',
    testId: 'ipo-price-high',
  },
  {
    name: 'lot_size',
    label: 'Lot size (shares)',
    withAsterisk: true,
    inputMode: 'numeric',
    testId: 'ipo-lot-size',
  },
  {
    name: 'shares_offered',
    label: 'Shares offered',
    description: 'To retail applicants here; whole lots',
    withAsterisk: true,
    inputMode: 'numeric',
    testId: 'ipo-shares',
  },
];

const EMPTY: TFormIn = {
  symbol: '',
  name: '',
  sector: '',
  industry: '',
  isin: '',
  price_low: '',
  price_high: '',
  lot_size: '',
  shares_offered: '',
  open_date: '',
  close_date: '',
  listing_date: '',
  description: '',
};

/**
 * List a new IPO issue. The listing date follows the close (T+3 working days, weekends
 * skipped) until someone edits it.
 */
export function IpoCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const create = useCreateIpo();
  const [listingEdited, setListingEdited] = useState(false);
  const form = useForm<TFormIn, unknown, TFormOut>({
    resolver: withoutBlanks(zodResolver(ZIpoForm)),
    defaultValues: EMPTY,
  });
  const closeDate = form.watch('close_date');
  const listingDefault = addWorkingDays(closeDate, IPO_LISTING_DAYS);
  const modal = useOfferingFormModal({
    opened,
    reset: () => {
      form.reset(EMPTY);
      setListingEdited(false);
    },
    onClose,
  });

  const submit = form.handleSubmit((values) => {
    modal.clearFailure();
    create.mutate(
      {
        ...values,
        price_low: paiseToRupeeText(values.price_low),
        price_high: paiseToRupeeText(values.price_high),
      },
      {
        onSuccess: ({ data, message }) => {
          modal.succeed(message);
          if (data?.id) void navigate(paths.tradingIpo(data.id));
        },
        onError: modal.fail,
      },
    );
  });

  return (
    <OfferingFormModal
      {...modal.frame}
      title="New IPO issue"
      size="xl"
      onSubmit={submit}
      submitLabel="Publish issue"
      submitTestId="ipo-create"
      submitting={create.isPending}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FormTextFields form={form} fields={ISSUE_FIELDS} />
        <div />
        <FormTextFields form={form} fields={TERMS_FIELDS} />
        <IpoDateFields
          form={form}
          listingDefault={listingDefault}
          listingEdited={listingEdited}
          setListingEdited={setListingEdited}
        />
      </SimpleGrid>
      <Textarea
        label="Description"
        autosize
        minRows={3}
        maxLength={2000}
        {...bindField(form, 'description')}
        data-testid="ipo-description"
      />
    </OfferingFormModal>
  );
}

/** Bidding opens and closes; the listing date follows the close until someone edits it. */
function IpoDateFields({
  form,
  listingDefault,
  listingEdited,
  setListingEdited,
}: {
  form: UseFormReturn<TFormIn, unknown, TFormOut>;
  listingDefault: string;
  listingEdited: boolean;
  setListingEdited: (edited: boolean) => void;
}) {
  const restoreDefaultListing = () => {
    setListingEdited(false);
    form.setValue('listing_date', listingDefault);
  };
  return (
    <>
      <DayField
        control={form.control}
        name="open_date"
        label="Bidding opens"
        withAsterisk
        data-testid="ipo-open-date"
      />
      <DayField
        control={form.control}
        name="close_date"
        label="Bidding closes"
        withAsterisk
        onDayChange={(day) => {
          if (!listingEdited) form.setValue('listing_date', addWorkingDays(day, IPO_LISTING_DAYS));
        }}
        data-testid="ipo-close-date"
      />
      <DayField
        control={form.control}
        name="listing_date"
        label="Listing date"
        description={
          listingDefault ? (
            <>
              T+{IPO_LISTING_DAYS} working days: {formatDay(listingDefault)}
              {listingEdited ? (
                <>
                  {' · '}
                  <Anchor
                    component="button"
                    type="button"
                    size="xs"
                    onClick={restoreDefaultListing}
                  >
                    use it
                  </Anchor>
                </>
              ) : null}
            </>
          ) : (
            `T+${IPO_LISTING_DAYS} working days after the close unless you change it`
          )
        }
        onDayChange={(day) => setListingEdited(day !== '')}
        data-testid="ipo-listing-date"
      />
    </>
  );
}
