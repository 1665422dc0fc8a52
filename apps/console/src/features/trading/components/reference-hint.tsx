import { Group, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatPaise, OTC_BAND_PCT } from '@sampada/shared';
import { useReference } from '../api/reference';

/**
 * The instrument's live price under a symbol input, read once typing pauses; with `band`, the
 * ±3% OTC band a desk quote must keep to. `input` is the symbol as typed. Spans only: it
 * renders inside an input's description paragraph.
 */
export function ReferenceHint({ input, band = false }: { input: string; band?: boolean }) {
  const [symbol] = useDebouncedValue(input.trim().toUpperCase(), 400);
  const reference = useReference(symbol);
  if (symbol.length < 2) return null;
  if (reference.isPending) {
    return (
      <Group component="span" gap={6}>
        <Loader size="xs" />
        <Text span size="xs" c="dimmed">
          Reading the live price…
        </Text>
      </Group>
    );
  }
  if (reference.error) {
    return (
      <Text span size="xs" c="red" data-testid="reference-error">
        {reference.error.message}
      </Text>
    );
  }
  const r = reference.data;
  return (
    <Text span size="xs" c="dimmed" data-testid="reference-price">
      {r.name} · live {formatPaise(r.price_paise)} · prev. close {formatPaise(r.prev_close_paise)}
      {band ? (
        <>
          {' '}
          · ±{OTC_BAND_PCT}% band{' '}
          <Text span fw={600} c="dark" size="xs" data-testid="reference-band">
            {formatPaise(r.otc_lower_paise)} – {formatPaise(r.otc_upper_paise)}
          </Text>
        </>
      ) : null}
    </Text>
  );
}
