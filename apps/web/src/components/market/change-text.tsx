import { formatSignedPaise } from '@sampada/shared';
import { Group, Text, type TextProps } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import {
  changeDirection,
  formatChangePct,
  formatSignedChange,
  type TDirection,
} from '../../lib/market/format';

/** Gains green, losses red (spec §9); text shades dark enough to read on white. */
export const DIRECTION_COLOR: Record<TDirection, string> = {
  up: 'green.9',
  down: 'red.8',
  flat: 'dimmed',
};

const ARROWS = { up: IconArrowUpRight, down: IconArrowDownRight, flat: IconMinus };

export interface ChangeTextProps extends TextProps {
  change?: number | null;
  changePct: number | null | undefined;
  /** Show only the percentage (lists), or the amount and the percentage (detail). */
  withAmount?: boolean;
}

/** A change with its sign, an arrow and its colour, so that colour is never the only cue. */
export function ChangeText({ change, changePct, withAmount = false, ...props }: ChangeTextProps) {
  const direction = changeDirection(changePct ?? change);
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
        <Arrow size="1em" aria-hidden />
        {withAmount && `${formatSignedChange(change)} (`}
        {formatChangePct(changePct)}
        {withAmount && ')'}
      </Group>
    </Text>
  );
}

/** A gain or loss of the client's (paise), with its sign, arrow and colour (P&L). */
export function SignedAmount({ paise, ...props }: TextProps & { paise: number }) {
  const direction = changeDirection(paise);
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
        <Arrow size="1em" aria-hidden />
        {formatSignedPaise(paise)}
      </Group>
    </Text>
  );
}
