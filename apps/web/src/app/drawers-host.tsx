import { CHAT_WIDGET_DELAY_MS } from '@sampada/shared';
import { Center, Loader } from '@mantine/core';
import { Suspense, lazy } from 'react';
import {
  closeGlobalDrawer,
  notifyDrawerClosed,
  useGlobalDrawer,
  useStockDetailRef,
} from '../lib/drawers';
import { useTranslation } from '../lib/i18n';
import { SideDrawer } from '../components/side-drawer';
import { SlideUpDrawer } from '../components/slide-up-drawer';

const DepositPanel = lazy(() =>
  import('../features/funds/components/funding-panel').then((m) => ({ default: m.DepositPanel })),
);
const WithdrawPanel = lazy(() =>
  import('../features/funds/components/funding-panel').then((m) => ({ default: m.WithdrawPanel })),
);

/** Stock detail (and, inside it, the chart library) loads the first time a stock is opened. */
const StockDetailPanel = lazy(() =>
  import('../features/market/components/stock-detail/stock-detail-panel').then((m) => ({
    default: m.StockDetailPanel,
  })),
);

/** The support panel stands in for the chat widget, loaded 300 ms after it is asked for. */
const SupportPanel = lazy(async () => {
  await new Promise((resolve) => setTimeout(resolve, CHAT_WIDGET_DELAY_MS));
  const module = await import('../features/support/components/support-panel');
  return { default: module.SupportPanel };
});

const fallback = (
  <Center py="xl">
    <Loader size="sm" />
  </Center>
);

/** Hosts the drawers one feature opens and another fills (lib/drawers). */
export function DrawersHost() {
  const { t } = useTranslation();
  const open = useGlobalDrawer();
  const stock = useStockDetailRef();
  const close = () => void closeGlobalDrawer();
  return (
    <>
      <SlideUpDrawer
        opened={open === 'deposit'}
        onClose={close}
        onExitTransitionEnd={notifyDrawerClosed}
        title={t('funds.deposit')}
      >
        <Suspense fallback={fallback}>{open === 'deposit' && <DepositPanel />}</Suspense>
      </SlideUpDrawer>
      <SlideUpDrawer
        opened={open === 'withdraw'}
        onClose={close}
        onExitTransitionEnd={notifyDrawerClosed}
        title={t('funds.withdraw')}
      >
        <Suspense fallback={fallback}>{open === 'withdraw' && <WithdrawPanel />}</Suspense>
      </SlideUpDrawer>
      <SlideUpDrawer
        opened={open === 'stock-detail'}
        onClose={close}
        onExitTransitionEnd={notifyDrawerClosed}
        title={stock?.symbol}
        data-testid="stock-detail-drawer"
      >
        <Suspense fallback={fallback}>
          {open === 'stock-detail' && stock && (
            <StockDetailPanel
              key={`${stock.market}:${stock.symbol}`}
              symbol={stock.symbol}
              market={stock.market}
            />
          )}
        </Suspense>
      </SlideUpDrawer>
      <SideDrawer
        opened={open === 'support'}
        onClose={close}
        onExitTransitionEnd={notifyDrawerClosed}
        title={t('support.title')}
      >
        <Suspense fallback={fallback}>{open === 'support' && <SupportPanel />}</Suspense>
      </SideDrawer>
    </>
  );
}
