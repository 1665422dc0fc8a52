import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { CORPORATE_ACTION_KINDS, dayText, type TCorporateActionInput } from '@sampada/shared';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { DayField } from '../../../components/day-field';
import { bindField } from '../../../lib/forms';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useProposeAction } from '../api';
import { effectOnHolder, KIND_LABELS } from './action-terms';
import { emptyProposeForm, type TProposeForm, ZProposeForm } from './propose-form';

/** The ratio's two numbers, named for what each kind means by them (NSE's wording). */
const RATIO_LABELS = {
  split: ['New shares', 'Old shares', 'Face value ₹10 split to ₹2 is 5 new for 1 old.'],
  consolidation: ['New shares', 'Old shares', 'Ten shares becoming one is 1 new for 10 old.'],
  bonus: ['Bonus shares', 'Shares held', 'Bonus 1:1 is 1 bonus share for every 1 held.'],
} as const;

/**
 * Propose a corporate action: the fields its kind needs, checked as the server checks them.
 * It waits for a second officer's approval; an action already on record (same scrip, kind
 * and ex-date) is not entered twice, and the dialog says so.
 */
export function ProposeActionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const propose = useProposeAction();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TProposeForm, unknown, TCorporateActionInput>({
    resolver: zodResolver(ZProposeForm),
    defaultValues: emptyProposeForm(),
  });
  const close = () => {
    form.reset(emptyProposeForm());
    setFailure(null);
    onClose();
  };
  const kind = form.watch('kind');
  const [ratioNew, ratioOld] = form.watch(['ratio_new', 'ratio_old']);
  const effect = effectOnHolder({
    kind,
    ratio_new: Number(ratioNew) || null,
    ratio_old: Number(ratioOld) || null,
  });
  const submit = form.handleSubmit((input) => {
    setFailure(null);
    propose.mutate(input, {
      onSuccess: ({ data, message }) => {
        if (data.items.length === 0)
          setFailure(
            `${input.symbol}'s ${KIND_LABELS[input.kind].toLowerCase()} with ex-date ${dayText(input.ex_date)} is already on record.`,
          );
        else {
          notifySuccess(message);
          close();
        }
      },
      onError: (error) => {
        setFailure(error.message);
        notifyError(error);
      },
    });
  });
  return (
    <Modal opened={opened} onClose={close} title="Propose a corporate action" size="lg">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          {failure ? (
            <Alert color="red" data-testid="propose-error">
              {failure}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ActionCommonFields form={form} />
            <KindFields kind={kind} form={form} />
          </SimpleGrid>
          <Text size="sm" c="dimmed" data-testid="action-effect">
            {effect ??
              (kind in RATIO_LABELS ? RATIO_LABELS[kind as keyof typeof RATIO_LABELS][2] : '')}
          </Text>
          <Textarea
            label="Purpose"
            description="As announced, e.g. “Face Value Split (Sub-Division) - From Rs 10/- Per Share To Rs 2/- Per Share”"
            autosize
            minRows={2}
            maxLength={300}
            {...bindField(form, 'purpose')}
          />
          <Text size="sm">A second officer approves it before it touches any holding.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={propose.isPending} data-testid="action-propose-submit">
              Propose
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type TForm = ReturnType<typeof useForm<TProposeForm, unknown, TCorporateActionInput>>;

/** What every action has: its kind, the scrip, the ex-date and the record date. */
function ActionCommonFields({ form }: { form: TForm }) {
  return (
    <>
      <Controller
        control={form.control}
        name="kind"
        render={({ field }) => (
          <Select
            label="Kind"
            withAsterisk
            allowDeselect={false}
            data={CORPORATE_ACTION_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
            value={field.value}
            onChange={(value) => value && field.onChange(value)}
            data-testid="action-kind"
          />
        )}
      />
      <TextInput
        label="Symbol (NSE)"
        withAsterisk
        autoCapitalize="characters"
        {...bindField(form, 'symbol')}
        data-testid="action-symbol"
      />
      <DayField
        control={form.control}
        name="ex_date"
        label="Ex-date"
        description="Applied to holders at the start of this day (IST)"
        withAsterisk
        data-testid="action-ex-date"
      />
      <DayField
        control={form.control}
        name="record_date"
        label="Record date"
        description="Optional; the ex-date when not given"
        data-testid="action-record-date"
      />
    </>
  );
}

/** The fields only some kinds have: a ratio, an amount a share, a new symbol or name. */
function KindFields({ kind, form }: { kind: TProposeForm['kind']; form: TForm }) {
  if (kind === 'dividend')
    return (
      <>
        <TextInput
          label="Dividend a share (₹)"
          withAsterisk
          inputMode="decimal"
          {...bindField(form, 'per_share')}
          data-testid="action-per-share"
        />
        <DayField
          control={form.control}
          name="payment_date"
          label="Payment date"
          description="Optional; the record date when not given"
        />
      </>
    );
  if (kind === 'symbol_change')
    return (
      <>
        <TextInput
          label="New symbol"
          {...bindField(form, 'new_symbol')}
          data-testid="action-new-symbol"
        />
        <TextInput label="New name" {...bindField(form, 'new_name')} />
      </>
    );
  const [newLabel, oldLabel] = RATIO_LABELS[kind];
  return (
    <>
      <TextInput
        label={newLabel}
        withAsterisk
        inputMode="numeric"
        {...bindField(form, 'ratio_new')}
        data-testid="action-ratio-new"
      />
      <TextInput
        label={oldLabel}
        withAsterisk
        inputMode="numeric"
        {...bindField(form, 'ratio_old')}
        data-testid="action-ratio-old"
      />
      {kind === 'bonus' ? (
        <DayField
          control={form.control}
          name="payment_date"
          label="Allotment date"
          description="Optional; the new lot's acquisition date (record date when not given)"
        />
      ) : null}
    </>
  );
}
