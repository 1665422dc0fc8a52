import { CHAT_WIDGET_DELAY_MS, type TOfferingKind } from '@sampada/shared';
import { Center, Loader } from '@mantine/core';
import { Suspense, lazy, useEffect } from 'react';
import { openAccountModal } from '../features/account/components/account-modals';
import {
  closeGlobalDrawer,
  notifyDrawerClosed,
  provideSetPin,
  useDealRef,
  useGlobalDrawer,
  useLoanRef,
  useOrderRef,
  useStockDetailRef,
} from '../lib/drawers';
import { useTranslation } from '../lib/i18n';
import { SideDrawer } from '../components/side-drawer';
import { SlideUpDrawer } from '../components/slide-up-drawer';
import { useIsPhone } from '../lib/use-is-phone';

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

/** The offering drawers of spec §2, one per kind (OFFERING_KINDS, kept out of the first screen). */
const DEAL_KINDS: readonly TOfferingKind[] = ['institutional', 'otc', 'ipo'];

/** The trading drawers load their feature the first time one is opened. */
const DealPanel = lazy(() =>
  import('../features/trading/components/deal-panel').then((m) => ({ default: m.DealPanel })),
);
const OrderTicket = lazy(() =>
  import('../features/trading/components/order-ticket').then((m) => ({
    default: m.OrderTicket,
  })),
);

/** The Loan Application drawer loads the credit feature the first time it is opened. */
const LoanApplicationPanel = lazy(() =>
  import('../features/credit/components/loan-application-panel').then((m) => ({
    default: m.LoanApplicationPanel,
  })),
);

/** The Compensation Application drawer loads its feature the first time it is opened. */
const CompensationPanel = lazy(() =>
  import('../features/compensation/components/compensation-panel').then((m) => ({
    default: m.CompensationPanel,
  })),
);

/** The support chat widget: its own chunk, loaded 300 ms after it is asked for (spec §2). */
const ChatWidget = lazy(async () => {
  await new Promise((resolve) => setTimeout(resolve, CHAT_WIDGET_DELAY_MS));
  const module = await import('../features/support/components/chat-widget');
  return { default: module.ChatWidget };
});

const fallback = (
  <Center py="xl">
    <Loader size="sm" />
  </Center>
);

/** Set PIN: asked for by funds, the bank accounts section and trading, owned by account. */
export function SetPinHost() {
  useEffect(() => provideSetPin(() => openAccountModal.pin()), []);
  return null;
}

type TDrawerGroupProps = { open: ReturnType<typeof useGlobalDrawer>; close: () => void };

/** Stock detail, the offering drawers and the order ticket. */
function TradingDrawers({ open, close }: TDrawerGroupProps) {
  const { t } = useTranslation();
  const stock = useStockDetailRef();
  const deal = useDealRef();
  const order = useOrderRef();
  return (
    <>
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
      {DEAL_KINDS.map((kind) => (
        <SlideUpDrawer
          key={kind}
          opened={open === kind}
          onClose={close}
          onExitTransitionEnd={notifyDrawerClosed}
          title={t(`trading.${kind}`)}
          data-testid={`${kind}-drawer`}
        >
          <Suspense fallback={fallback}>
            {open === kind && deal?.kind === kind && (
              <DealPanel key={deal.offeringId ?? kind} kind={kind} offeringId={deal.offeringId} />
            )}
          </Suspense>
        </SlideUpDrawer>
      ))}
      <SlideUpDrawer
        opened={open === 'order'}
        onClose={close}
        onExitTransitionEnd={notifyDrawerClosed}
        title={order ? t('trading.order', { symbol: order.symbol }) : undefined}
        data-testid="order-drawer"
      >
        <Suspense fallback={fallback}>
          {open === 'order' && order && (
            <OrderTicket
              key={`${order.symbol}:${order.side}`}
              symbol={order.symbol}
              side={order.side}
            />
          )}
        </Suspense>
      </SlideUpDrawer>
    </>
  );
}

/** The loan and compensation applications and the support chat. */
function ServiceDrawers({ open, close }: TDrawerGroupProps) {
  const { t } = useTranslation();
  const loan = useLoanRef();
  const isPhone = useIsPhone();
  return (
    <>
      <SlideUpDrawer
        opened={open === 'loan'}
        onClose={close}
        onExitTransitionEnd={notifyDrawerClosed}
        title={t('credit.loanApplication')}
        data-testid="loan-drawer"
      >
        <Suspense fallback={fallback}>
          {open === 'loan' && (
            <LoanApplicationPanel key={loan?.productId ?? 'any'} productId={loan?.productId} />
          )}
        </Suspense>
      </SlideUpDrawer>
      <SlideUpDrawer
        opened={open === 'compensation'}
        onClose={close}
        onExitTransitionEnd={notifyDrawerClosed}
        title={t('compensation.application')}
        data-testid="compensation-drawer"
      >
        <Suspense fallback={fallback}>{open === 'compensation' && <CompensationPanel />}</Suspense>
      </SlideUpDrawer>
      <SideDrawer
        opened={open === 'support'}
        onClose={close}
        onExitTransitionEnd={notifyDrawerClosed}
        title={t('support.title')}
        // A chat on a phone takes the whole width: at 85% of 375 px its bubbles and composer
        // were squeezed beside a dimmed strip nobody needs.
        size={isPhone ? '100%' : undefined}
        data-testid="support-drawer"
      >
        <Suspense fallback={fallback}>{open === 'support' && <ChatWidget />}</Suspense>
      </SideDrawer>
    </>
  );
}

/** Hosts the drawers one feature opens and another fills (lib/drawers). */
export function DrawersHost() {
  const { t } = useTranslation();
  const open = useGlobalDrawer();
  const close = () => void closeGlobalDrawer();
  return (
    <>
      <SetPinHost />
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
      <TradingDrawers open={open} close={close} />
      <ServiceDrawers open={open} close={close} />
    </>
  );
}
