import { Button, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import { useId, type MouseEvent } from 'react';
import { useMarketTranslation } from '../../i18n';

const ignore = (event: MouseEvent) => event.preventDefault();

/**
 * Buy and Sell are shown but not wired: orders arrive with the trading release. They stay
 * focusable (aria-disabled rather than disabled) so keyboard and touch users get the
 * tooltip that says why.
 */
export function TradeButtons() {
  const { t } = useMarketTranslation();
  const reason = useId();
  const tooltip = t('detail.tradingSoon');
  return (
    <>
      <Group grow gap="sm">
        {(['buy', 'sell'] as const).map((side) => (
          <Tooltip key={side} label={tooltip} events={{ hover: true, focus: true, touch: true }}>
            <Button
              color={side === 'buy' ? 'green.8' : 'red.8'}
              data-disabled
              aria-disabled="true"
              aria-describedby={reason}
              onClick={ignore}
              data-testid={`trade-${side}`}
            >
              {t(`detail.${side}`)}
            </Button>
          </Tooltip>
        ))}
      </Group>
      <VisuallyHidden id={reason}>{tooltip}</VisuallyHidden>
    </>
  );
}
