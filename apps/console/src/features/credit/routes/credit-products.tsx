import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, NumberInput, Stack, Table, Title } from '@mantine/core';
import {
  mayAccess,
  paiseToRupeeNumber,
  parseRupeesToPaise,
  type TCreditProduct,
  type TCreditSettings,
  ZCreditSettings,
} from '@sampada/shared';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import {
  useBenchmark,
  useCreditProducts,
  useCreditSettings,
  useSaveCreditSettings,
  useSaveProduct,
} from '../api/products';
import { BenchmarkCard } from '../components/benchmark-card';
import { ProductEditorModal } from '../components/product-editor-modal';
import { CreditProductRow } from './credit-product-row';
import { SCROLLS_FROM_KEYBOARD } from '../../../components/list-table';

/** The maker-checker threshold: approvals above it need a second operations officer. */
function ThresholdForm({ settings, editable }: { settings: TCreditSettings; editable: boolean }) {
  const save = useSaveCreditSettings();
  const form = useForm<TCreditSettings>({
    resolver: zodResolver(ZCreditSettings),
    defaultValues: settings,
  });
  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: ({ message }) => notifySuccess(message),
      onError: notifyError,
    }),
  );
  return (
    <Card withBorder>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Group align="flex-end">
          <Controller
            control={form.control}
            name="approval_threshold_paise"
            render={({ field }) => (
              <NumberInput
                label="Second approval above (₹)"
                description="Loans above this amount need two different operations officers."
                decimalScale={2}
                thousandSeparator=","
                disabled={!editable}
                value={paiseToRupeeNumber(field.value)}
                onChange={(v) => {
                  const parsed = parseRupeesToPaise(String(v));
                  field.onChange(parsed.ok ? Number(parsed.paise) : 0);
                }}
                error={form.formState.errors.approval_threshold_paise?.message}
                w={320}
              />
            )}
          />
          {editable ? (
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          ) : null}
        </Group>
      </form>
    </Card>
  );
}

/** Credit products and the maker-checker threshold; admins edit, operations and advisors read. */
export function CreditProductsPage() {
  const current = useSession();
  const editable = mayAccess(current?.staff.roles, 'creditProducts');
  const products = useCreditProducts();
  const settings = useCreditSettings();
  const benchmark = useBenchmark();
  const save = useSaveProduct();
  const [editing, setEditing] = useState<{ product: TCreditProduct | null } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <>
      <PageHeader
        title="Credit products"
        description="What the firm lends on; a loan keeps the terms it was applied for"
        actions={
          editable ? (
            <Button
              onClick={() => {
                setFailure(null);
                setEditing({ product: null });
              }}
            >
              New product
            </Button>
          ) : null
        }
      />
      <Stack>
        <QueryState isPending={settings.isPending} error={settings.error}>
          {settings.data ? <ThresholdForm settings={settings.data} editable={editable} /> : null}
        </QueryState>
        <QueryState isPending={benchmark.isPending} error={benchmark.error}>
          {benchmark.data ? <BenchmarkCard benchmark={benchmark.data} editable={editable} /> : null}
        </QueryState>
        <QueryState isPending={products.isPending} error={products.error}>
          <CreditProductsTable
            products={products.data ?? []}
            editable={editable}
            onEdit={(product) => {
              setFailure(null);
              setEditing({ product });
            }}
          />
        </QueryState>
        <Title order={5} c="dimmed">
          Rates and LTVs in percent; amounts in rupees. RBI caps a loan against shares at 50% of the
          pledged shares’ value.
        </Title>
      </Stack>
      {editing ? (
        <ProductEditorModal
          key={editing.product?.id ?? 'new'}
          opened
          product={editing.product}
          saving={save.isPending}
          failure={failure}
          onClose={() => setEditing(null)}
          onSave={(input) =>
            save.mutate(
              { id: editing.product?.id ?? null, input },
              {
                onSuccess: ({ message }) => {
                  notifySuccess(message);
                  setEditing(null);
                },
                onError: (error) => setFailure(error.message),
              },
            )
          }
        />
      ) : null}
    </>
  );
}

function CreditProductsTable({
  products,
  editable,
  onEdit,
}: {
  products: TCreditProduct[];
  editable: boolean;
  onEdit: (product: TCreditProduct) => void;
}) {
  return (
    <Card withBorder p={0}>
      <Table.ScrollContainer minWidth={1000} scrollAreaProps={SCROLLS_FROM_KEYBOARD}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th>Rate</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Tenures</Table.Th>
              <Table.Th>LTV · call · sell-off</Table.Th>
              <Table.Th>Fee</Table.Th>
              <Table.Th>Cooling-off</Table.Th>
              <Table.Th>Foreclosure</Table.Th>
              <Table.Th>Penal charge</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {products.map((p) => (
              <CreditProductRow key={p.id} product={p} editable={editable} onEdit={onEdit} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
