import { formatPaise, type TOffering, type TOfferingKind } from '@sampada/shared';
import { Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useTradingTranslation } from '../i18n';
import { OfferingFacts, OfferingStatus } from './offering-facts';

const headlinePrice = (offering: TOffering) =>
  offering.kind === 'ipo' ? offering.price_high_paise : offering.price_paise;

export function OfferingPicker({
  kind,
  offerings,
  value,
  onChange,
  error,
}: {
  kind: TOfferingKind;
  offerings: TOffering[];
  value: string | null;
  onChange: (id: string) => void;
  error?: string;
}) {
  const { t } = useTradingTranslation();
  return (
    <Radio.Group
      label={t('form.chooseOffering')}
      value={value}
      onChange={onChange}
      error={error || undefined}
      data-testid={`${kind}-offerings`}
    >
      <Stack gap={6} mt={4}>
        {offerings.map((offering) => (
          <Radio.Card
            key={offering.id}
            value={offering.id}
            radius="md"
            p="sm"
            data-testid={`deal-option-${offering.id}`}
          >
            <Group wrap="nowrap" gap="sm">
              <Radio.Indicator />
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600} size="sm">
                  {offering.symbol}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {offering.name}
                </Text>
              </Stack>
              <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatPaise(headlinePrice(offering))}
              </Text>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}

export function OfferingHeader({ offering }: { offering: TOffering }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`deal-selected-${offering.id}`}>
      <Group justify="space-between" align="flex-start" mb="xs" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={3} size="h5">
            {offering.symbol}
          </Title>
          <Text size="xs" c="dimmed" truncate>
            {offering.name}
            {offering.sector ? ` · ${offering.sector}` : ''}
          </Text>
        </Stack>
        <OfferingStatus offering={offering} />
      </Group>
      <OfferingFacts offering={offering} />
    </Paper>
  );
}
