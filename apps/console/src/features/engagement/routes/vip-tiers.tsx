import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, NumberInput, Stack, Table, Text } from '@mantine/core';
import {
  paiseToRupeeNumber,
  parseRupeesToPaise,
  type TVipTier,
  type TVipTiersRequest,
  ZVipTiersRequest,
} from '@sampada/shared';
import { type Control, Controller, useForm } from 'react-hook-form';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSaveVipTiers, useVipTiers } from '../api/engagement';

const toPaise = (value: string | number) => {
  const parsed = parseRupeesToPaise(String(value));
  return parsed.ok ? Number(parsed.paise) : 0;
};

function TiersForm({ tiers }: { tiers: TVipTier[] }) {
  const save = useSaveVipTiers();
  const form = useForm<TVipTiersRequest>({
    resolver: zodResolver(ZVipTiersRequest),
    defaultValues: { tiers },
  });
  const submit = form.handleSubmit((input) =>
    save.mutate(input.tiers, {
      onSuccess: ({ message }) => notifySuccess(message),
      onError: notifyError,
    }),
  );
  const rootError =
    form.formState.errors.tiers?.root?.message ?? form.formState.errors.tiers?.message;
  return (
    <Card withBorder>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Table.ScrollContainer minWidth={640}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Level</Table.Th>
                <Table.Th>From average assets (₹)</Table.Th>
                <Table.Th>Brokerage discount (%)</Table.Th>
                <Table.Th>Daily withdrawal limit (₹, blank for none)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tiers.map((tier, i) => (
                <TierRow key={tier.level} tier={tier} i={i} control={form.control} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Stack mt="md" gap="xs" align="flex-start">
          {rootError ? (
            <Text c="red" size="sm" role="alert">
              {rootError}
            </Text>
          ) : null}
          <Button type="submit" loading={save.isPending} data-testid="save-tiers">
            Save tiers
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

/** One level's threshold, discount and daily withdrawal limit. */
function TierRow({
  tier,
  i,
  control,
}: {
  tier: TVipTier;
  i: number;
  control: Control<TVipTiersRequest>;
}) {
  return (
    <Table.Tr data-testid={`tier-row-${tier.level}`}>
      <Table.Td>VIP {tier.level}</Table.Td>
      <Table.Td>
        <Controller
          control={control}
          name={`tiers.${i}.min_assets_paise`}
          render={({ field }) => (
            <NumberInput
              aria-label={`VIP ${tier.level} from`}
              decimalScale={2}
              thousandSeparator=","
              disabled={tier.level === 0}
              value={paiseToRupeeNumber(field.value)}
              onChange={(v) => field.onChange(toPaise(v))}
            />
          )}
        />
      </Table.Td>
      <Table.Td>
        <Controller
          control={control}
          name={`tiers.${i}.brokerage_discount_bps`}
          render={({ field, fieldState }) => (
            <NumberInput
              aria-label={`VIP ${tier.level} discount`}
              decimalScale={2}
              min={0}
              max={100}
              value={field.value / 100}
              onChange={(v) => field.onChange(Math.round(Number(v || 0) * 100))}
              error={fieldState.error?.message}
            />
          )}
        />
      </Table.Td>
      <Table.Td>
        <Controller
          control={control}
          name={`tiers.${i}.daily_withdrawal_limit_paise`}
          render={({ field, fieldState }) => (
            <NumberInput
              aria-label={`VIP ${tier.level} daily withdrawal limit`}
              decimalScale={2}
              thousandSeparator=","
              value={field.value === null ? '' : paiseToRupeeNumber(field.value)}
              onChange={(v) => field.onChange(v === '' ? null : toPaise(v))}
              error={fieldState.error?.message}
            />
          )}
        />
      </Table.Td>
    </Table.Tr>
  );
}

/** The VIP tier editor (admin): thresholds on the 30-day average, discounts and limits. */
export function VipTiersPage() {
  const tiers = useVipTiers();
  return (
    <>
      <PageHeader
        title="VIP tiers"
        description="A client's level is the highest tier their average closing assets over the last 30 days reach. Saving recomputes every client's level."
      />
      <QueryState isPending={tiers.isPending} error={tiers.error}>
        {tiers.data ? <TiersForm tiers={tiers.data} /> : null}
      </QueryState>
    </>
  );
}
