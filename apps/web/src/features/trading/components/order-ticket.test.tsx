import {
  DEFAULT_CHARGES,
  TM,
  TRADING_DONE,
  buyCost,
  computeCharges,
  formatPaise,
  md5,
  type TStockDetail,
} from '@sampada/shared';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setShowAssets } from '../../../lib/app-settings';
import { makeQuote } from '../../../test/fake-socket';
import { mockApi, ok, type THandler } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { signInForTest } from '../../../test/session';
import { assets, charges, holding, idempotencyKeyOf, order, profile } from '../../../test/trading';
import { OrderTicket } from './order-ticket';

const ORDERS = 'POST /trade/app/v1/orders';

const detail: TStockDetail = {
  ...makeQuote('RELIANCE', 2456.1, {
    name: 'Reliance Industries',
    change: 12.5,
    change_pct: 0.51,
    upper_band: 2687.95,
    lower_band: 2199.25,
  }),
  isin: 'INE002A01018',
  industry: 'Refineries',
  tick_size: 0.05,
  band_pct: 10,
  fno: false,
  market_cap: null,
  avg_volume: null,
  session: 'open',
  indices: [],
};

function setup(side: 'buy' | 'sell', routes: Record<string, THandler> = {}) {
  const http = mockApi({
    'GET /market/app/v1/config': ok({
      stock_api_key: 'k',
      ws_path: '/ws/app/v1',
      coalesce_ms: 250,
      heartbeat_ms: 15000,
    }),
    'GET /stock/api/v1/stock_detail': ok(detail),
    'GET /auth/app/v1/client_info': profile(),
    'GET /stat/app/v1/asset': assets(10_000_000),
    'GET /trade/app/v1/charges': charges,
    'GET /trade/app/v1/holdings': ok([holding('RELIANCE', { quantity: 50, reserved: 20 })]),
    ...routes,
  });
  return { http, ...renderWithProviders(<OrderTicket symbol="RELIANCE" side={side} />) };
}

async function typePin(user: UserEvent) {
  const boxes = [...screen.getByTestId('trade-pin').querySelectorAll('input')];
  await user.click(boxes[0]!);
  await user.keyboard('123456');
}

const submit = () => screen.getByTestId('trade-drawer-submit');

beforeEach(() => {
  resetAppState();
  setShowAssets(true);
  signInForTest();
});

describe('order ticket (stock detail Buy / Sell)', () => {
  it('estimates a market buy at the live price and holds the last price plus 3% with charges', async () => {
    const { user } = setup('buy');
    expect(await screen.findByTestId('order-live-price')).toHaveTextContent('₹2,456.10');
    expect(await screen.findByTestId('trade-cash-available')).toHaveTextContent('₹1,00,000.00');
    await user.type(screen.getByTestId('order-quantity'), '10');
    expect(screen.getByTestId('trade-value')).toHaveTextContent('₹24,561.00');
    const itemised = computeCharges(DEFAULT_CHARGES, 'buy', 2_456_100);
    expect(screen.getByTestId('trade-charge-brokerage')).toHaveTextContent('₹20.00');
    expect(screen.getByTestId('trade-charges-total')).toHaveTextContent(
      formatPaise(itemised.total_paise),
    );
    // 10 × ₹2,456.10 × 1.03 = ₹25,297.83, plus its charges.
    expect(screen.getByTestId('order-hold')).toHaveTextContent(
      formatPaise(buyCost(DEFAULT_CHARGES, 2_529_783n)),
    );
  });

  it('asks a buy for the minimum order value, but lets a sell clear what is left', async () => {
    const { user, http } = setup('buy', {
      'GET /trade/app/v1/holdings': ok([holding('RELIANCE', { quantity: 5, reserved: 0 })]),
      [ORDERS]: ok(order({ type: 'market', side: 'sell', symbol: 'RELIANCE', quantity: 5 })),
    });
    await user.type(await screen.findByTestId('order-quantity'), '5');
    await typePin(user);
    await user.click(submit());
    expect(await screen.findByText(TM.belowMinimum)).toBeInTheDocument();
    expect(http.callsTo(ORDERS)).toHaveLength(0);
    await user.click(screen.getByRole('radio', { name: 'Sell' }));
    expect(await screen.findByTestId('order-available')).toHaveTextContent('5');
    await user.click(submit());
    expect(await screen.findByText(TRADING_DONE.orderPlaced)).toBeInTheDocument();
    expect(http.callsTo(ORDERS)[0]!.body).toMatchObject({
      type: 'market',
      side: 'sell',
      quantity: 5,
    });
  });

  it('checks a limit price against the tick size and the band, then sends the order', async () => {
    let key: string | undefined;
    const { user, http } = setup('buy', {
      [ORDERS]: (config) => {
        key = idempotencyKeyOf(config);
        return ok(order({ type: 'limit', symbol: 'RELIANCE', quantity: 10, price_paise: 245_005 }));
      },
    });
    await user.click(await screen.findByRole('radio', { name: 'Limit' }));
    await user.type(screen.getByTestId('order-quantity'), '10');
    const price = screen.getByTestId('order-limit-price');
    await user.type(price, '2450.03');
    await typePin(user);
    await user.click(submit());
    expect(await screen.findByText(TM.priceOffTick('₹0.05'))).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '2700');
    await user.click(submit());
    expect(
      await screen.findByText(TM.priceOutsideBand('₹2,199.25', '₹2,687.95')),
    ).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '2450.05');
    const value = 2_450_050;
    expect(screen.getByTestId('trade-value')).toHaveTextContent('₹24,500.50');
    expect(screen.getByTestId('order-hold')).toHaveTextContent(
      formatPaise(value + computeCharges(DEFAULT_CHARGES, 'buy', value).total_paise),
    );
    expect(http.callsTo(ORDERS)).toHaveLength(0);
    await user.click(submit());
    expect(await screen.findByText(TRADING_DONE.orderPlaced)).toBeInTheDocument();
    expect(http.callsTo(ORDERS)[0]!.body).toEqual({
      type: 'limit',
      symbol: 'RELIANCE',
      side: 'buy',
      quantity: 10,
      limit_price: '2450.05',
      pin: md5('123456'),
    });
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the shares a sell may use (held less reserved) and refuses more', async () => {
    const { user, http } = setup('sell');
    expect(await screen.findByTestId('order-available')).toHaveTextContent('30');
    await user.type(screen.getByTestId('order-quantity'), '40');
    await typePin(user);
    await user.click(submit());
    expect(await screen.findByText(TM.insufficientHolding)).toBeInTheDocument();
    expect(submit()).toHaveTextContent('Sell RELIANCE');
    // A sell has no stamp duty; the client receives the value less the charges.
    await user.clear(screen.getByTestId('order-quantity'));
    await user.type(screen.getByTestId('order-quantity'), '30');
    expect(screen.getByTestId('trade-charge-stamp')).toHaveTextContent('₹0.00');
    expect(screen.getByTestId('trade-total')).toHaveTextContent(
      formatPaise(7_368_300 - computeCharges(DEFAULT_CHARGES, 'sell', 7_368_300).total_paise),
    );
    await user.click(screen.getByRole('radio', { name: 'Buy' }));
    expect(screen.getByTestId('trade-cash-available')).toBeInTheDocument();
    expect(http.callsTo(ORDERS)).toHaveLength(0);
  });

  it('says when the market is closed that the order waits for the next session', async () => {
    setup('buy', { 'GET /stock/api/v1/stock_detail': ok({ ...detail, session: 'closed' }) });
    expect(await screen.findByTestId('order-session-note')).toBeInTheDocument();
  });

  it('a sell stop-loss: the trigger must be under the last price and the limit at or under it, then it is sent', async () => {
    const { user, http } = setup('sell', {
      [ORDERS]: ok(order({ type: 'sl', side: 'sell', symbol: 'RELIANCE', quantity: 10 })),
    });
    await user.click(await screen.findByRole('radio', { name: 'SL' }));
    await user.type(screen.getByTestId('order-quantity'), '10');
    const trigger = screen.getByTestId('order-trigger-price');
    await user.type(trigger, '2500');
    await user.type(screen.getByTestId('order-limit-price'), '2410');
    await typePin(user);
    await user.click(submit());
    expect(await screen.findByText(TM.sellTriggerAbove('₹2,456.10'))).toBeInTheDocument();
    await user.clear(trigger);
    await user.type(trigger, '2400');
    await user.click(submit());
    expect(await screen.findByText(TM.sellLimitAboveTrigger)).toBeInTheDocument();
    await user.clear(trigger);
    await user.type(trigger, '2420');
    await user.click(submit());
    await waitFor(() => expect(http.callsTo(ORDERS)).toHaveLength(1));
    expect(http.callsTo(ORDERS)[0]!.body).toMatchObject({
      type: 'sl',
      side: 'sell',
      quantity: 10,
      trigger_price: '2420',
      limit_price: '2410',
    });
  });
});
