import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import {
  type TCreditProduct,
  type TCreditProductInput,
  ZCreditProductInput,
} from '@sampada/shared';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  ProductLtvFields,
  ProductRateTypeFields,
  ProductTenureFields,
  ProductTermsFields,
} from './product-editor-fields';
import { blank, inputOf } from './product-form-values';
import { ProductPenalFields } from './product-penal-fields';

type TOutput = z.output<typeof ZCreditProductInput>;

/** The product editor (admin): the shared request schema is the form's rules. */
export function ProductEditorModal({
  product,
  opened,
  saving,
  failure,
  onClose,
  onSave,
}: {
  product: TCreditProduct | null;
  opened: boolean;
  saving: boolean;
  failure: string | null;
  onClose: () => void;
  onSave: (input: TCreditProductInput) => void;
}) {
  const form = useForm<TCreditProductInput, unknown, TOutput>({
    resolver: zodResolver(ZCreditProductInput),
    defaultValues: product ? inputOf(product) : blank,
  });
  const kind = form.watch('kind');
  const errors = form.formState.errors;
  const submit = form.handleSubmit(() => onSave(form.getValues()));
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={product ? 'Edit credit product' : 'New credit product'}
      size="lg"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          {failure ? <Alert color="red">{failure}</Alert> : null}
          <TextInput label="Name" {...form.register('name')} error={errors.name?.message} />
          <ProductTermsFields form={form} errors={errors} />
          <ProductRateTypeFields form={form} errors={errors} />
          <ProductPenalFields form={form} errors={errors} />
          <ProductTenureFields form={form} errors={errors} />
          {kind === 'loan_against_shares' ? <ProductLtvFields form={form} errors={errors} /> : null}
          <Controller
            control={form.control}
            name="active"
            render={({ field }) => (
              <Switch
                label="Offered to clients"
                checked={field.value ?? true}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
              />
            )}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
