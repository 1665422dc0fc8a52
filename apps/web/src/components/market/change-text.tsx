import { formatSignedPaise } from '@sampada/shared';
import { Group, Text, type TextProps } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import {
  changeDirection,
  formatChangePct,
  formatSignedChange,
  type TDirection,
} from '../../lib/market/format';

/** Gains green, losses red (spec §9); shades that read on the page's scheme (global.css). */
export const DIRECTION_COLOR: Record<TDirection, string> = {
  up: 'var(--sampada-up)',
  down: 'var(--sampada-down)',
  flat: 'dimmed',
};

// No mark for no change: a dash before ₹0.00 read as a loss of "−₹0.00" (issue 31).
const ARROWS = { up: IconArrowUpRight, down: IconArrowDownRight, flat: null };

export interface ChangeTextProps extends TextProps {
  change?: number | null;
  changePct: number | null | undefined;
  /** Show only the percentage (lists), or the amount and the percentage (detail). */
  withAmount?: boolean;
}

/** Text in the colour of a direction, led by its arrow. */
function DirectionText({
  direction,
  children,
  ...props
}: TextProps & { direction: TDirection; children: ReactNode }) {
  const Arrow = ARROWS[direction];
  return (
    <Text
      component="span"
      c={DIRECTION_COLOR[direction]}
      fw={600}
      data-direction={direction}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      {...props}
    >
      <Group component="span" gap={2} wrap="nowrap" style={{ display: 'inline-flex' }}>
        {Arrow && <Arrow size="1em" aria-hidden />}
        {children}
      </Group>
    </Text>
  );
}

/** A change with its sign, an arrow and its colour, so that colour is never the only cue. */
export function ChangeText({ change, changePct, withAmount = false, ...props }: ChangeTextProps) {
  return (
    <DirectionText direction={changeDirection(changePct ?? change)} {...props}>
      {withAmount && `${formatSignedChange(change)} (`}
      {formatChangePct(changePct)}
      {withAmount && ')'}
    </DirectionText>
  );
}

/** A gain or loss of the client's (paise), with its sign, arrow and colour (P&L). */
export function SignedAmount({ paise, ...props }: TextProps & { paise: number }) {
  return (
    <DirectionText direction={changeDirection(paise)} {...props}>
      {formatSignedPaise(paise)}
    </DirectionText>
  );
}
