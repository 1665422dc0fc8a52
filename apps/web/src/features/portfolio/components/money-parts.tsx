import { formatPaise, monthText } from '@sampada/shared';
import { Group, Text, type TextProps } from '@mantine/core';
import { SignedAmount } from '../../../components/market/change-text';
import { useAppSettings } from '../../../lib/app-settings';
import { MASKED, formatChangePct } from '../../../lib/market/format';

/** Amounts of the client's as rupees, or '****' while the eye toggle hides them. */
export function useMoney() {
  const { showAssets } = useAppSettings();
  return {
    showAssets,
    money: (paise: number) => (showAssets ? formatPaise(paise) : MASKED),
  };
}

/** A gain or loss: signed, coloured, with an arrow; '****' while amounts are hidden. */
export function Pnl({
  paise,
  pct,
  testId,
  ...props
}: TextProps & { paise: number; pct?: number; testId?: string }) {
  const { showAssets } = useAppSettings();
  if (!showAssets)
    return (
      <Text span fw={600} data-testid={testId} {...props}>
        {MASKED}
      </Text>
    );
  return (
    <Group
      component="span"
      gap={4}
      wrap="nowrap"
      data-testid={testId}
      style={{ display: 'inline-flex' }}
    >
      <SignedAmount paise={paise} {...props} />
      {pct !== undefined && (
        <Text span size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
          ({formatChangePct(pct)})
        </Text>
      )}
    </Group>
  );
}

/** Months arrive as YYYY-MM (Asia/Kolkata): Nov 2026. */
export function formatMonth(month: string): string {
  return monthText(month);
}
