import {
  DEFAULT_CHARGES,
  TM,
  TRADING_DONE,
  computeCharges,
  formatPaise,
  md5,
} from '@sampada/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setShowAssets } from '../../../lib/app-settings';
import { mockApi, ok, fail, type THandler, type TMockResponse } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { signInForTest } from '../../../test/session';
import {
  INSTITUTIONAL_ID,
  IPO_ID,
  OTC_SELL_ID,
  assets,
  charges,
  holding,
  idempotencyKeyOf,
  institutional,
  ipo,
  order,
  otcBuy,
  otcSell,
  profile,
} from '../../../test/trading';
import { DealPanel } from './deal-panel';

const DEALS = 'GET /trade/app/v1/deals';
const ORDERS = 'POST /trade/app/v1/orders';

function setup(
  kind: 'institutional' | 'otc' | 'ipo',
  offeringId: string | undefined,
  routes: Record<string, THandler | THandler[]> = {},
) {
  const http = mockApi({
    'GET /auth/app/v1/client_info': profile(),
    'GET /stat/app/v1/asset': assets(),
    'GET /trade/app/v1/charges': charges,
    'GET /trade/app/v1/holdings': ok([]),
    [DEALS]: (config) => {
      const asked = (config.params as { kind: string }).kind;
      const all = { institutional: [institutional], otc: [otcBuy, otcSell], ipo: [ipo] };
      return ok(all[asked as keyof typeof all]);
    },
    ...routes,
  });
  return { http, ...renderWithProviders(<DealPanel kind={kind} offeringId={offeringId} />) };
}

async function typePin(user: UserEvent, pin = '123456') {
  const boxes = [...screen.getByTestId('trade-pin').querySelectorAll('input')];
  await user.click(boxes[0]!);
  await user.keyboard(pin);
}

const submit = () => screen.getByTestId('trade-drawer-submit');

beforeEach(() => {
  resetAppState();
  setShowAssets(true);
  signInForTest();
});

describe('institutional stock drawer', () => {
  it('opens on the offering with its facts, cash available and the live cost, itemised', async () => {
    const { user } = setup('institutional', INSTITUTIONAL_ID);
    const selected = await screen.findByTestId(`deal-selected-${INSTITUTIONAL_ID}`);
    expect(within(selected).getByTestId('fact-price')).toHaveTextContent('₹1,402.50');
    expect(within(selected).getByTestId('fact-remaining')).toHaveTextContent(
      '5,000 of 10,000 shares',
    );
    expect(await screen.findByTestId('trade-cash-available')).toHaveTextContent('₹50,000.00');
    await user.type(screen.getByTestId('order-quantity'), '20');
    // 20 × ₹1,402.50 = ₹28,050: brokerage capped at ₹20, STT to the rupee, stamp on the buy.
    expect(screen.getByTestId('trade-value')).toHaveTextContent('₹28,050.00');
    expect(screen.getByTestId('trade-charge-brokerage')).toHaveTextContent('₹20.00');
    expect(screen.getByTestId('trade-charge-stt')).toHaveTextContent('₹28.00');
    expect(screen.getByTestId('trade-charge-exchange')).toHaveTextContent('₹0.83');
    expect(screen.getByTestId('trade-charge-sebi')).toHaveTextContent('₹0.03');
    expect(screen.getByTestId('trade-charge-stamp')).toHaveTextContent('₹4.21');
    expect(screen.getByTestId('trade-charge-gst')).toHaveTextContent('₹3.75');
    expect(screen.getByTestId('trade-charges-total')).toHaveTextContent('₹56.82');
    expect(screen.getByTestId('trade-total')).toHaveTextContent('₹28,106.82');
    const expected = computeCharges(DEFAULT_CHARGES, 'buy', 2_805_000);
    expect(expected.total_paise).toBe(5_682);
  });

  it('says the minimum order value, and refuses more than remains or than the cash covers', async () => {
    const { user, http } = setup('institutional', INSTITUTIONAL_ID);
    const quantity = await screen.findByTestId('order-quantity');
    await user.type(quantity, '10');
    await typePin(user);
    await user.click(submit());
    expect(await screen.findByText(TM.belowMinimum)).toBeInTheDocument();
    expect(TM.belowMinimum).toBe('The minimum order value is ₹19,000.00.');
    await user.clear(quantity);
    await user.type(quantity, '5001');
    await user.click(submit());
    expect(await screen.findByText(TM.beyondOffering)).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '40');
    await user.click(submit());
    expect(await screen.findByText(TM.insufficientCash)).toBeInTheDocument();
    expect(http.callsTo(ORDERS)).toHaveLength(0);
  });

  it('turns an amount into the shares it buys', async () => {
    const { user } = setup('institutional', INSTITUTIONAL_ID);
    await user.type(await screen.findByTestId('order-amount'), '50000');
    expect(screen.getByText('Buys 35 shares (₹49,087.50), charges extra.')).toBeInTheDocument();
    await user.click(screen.getByTestId('order-amount-use'));
    expect(screen.getByTestId('order-quantity')).toHaveValue('35');
    expect(screen.getByTestId('trade-value')).toHaveTextContent('₹49,087.50');
  });

  it('sends the order with the PIN as MD5 and an Idempotency-Key, the same one on a retry', async () => {
    const keys: (string | undefined)[] = [];
    const answers: TMockResponse[] = [{ status: 0, error: 'timeout' }, ok(order())];
    const { user, http } = setup('institutional', INSTITUTIONAL_ID, {
      [ORDERS]: (config) => {
        keys.push(idempotencyKeyOf(config));
        return answers.shift()!;
      },
    });
    await user.type(await screen.findByTestId('order-quantity'), '20');
    await typePin(user);
    await user.click(submit());
    expect(await screen.findByTestId('trade-error')).toHaveTextContent('Request timeout');
    await typePin(user);
    await user.click(submit());
    expect(await screen.findByText(TRADING_DONE.requestPlaced)).toBeInTheDocument();
    expect(screen.getByTestId('trade-result-detail')).toHaveTextContent('20 shares at ₹1,402.50');
    expect(screen.getByTestId('trade-result-hold')).toHaveTextContent('₹28,106.82');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(http.callsTo(ORDERS)[1]!.body).toEqual({
      type: 'institutional',
      offering_id: INSTITUTIONAL_ID,
      quantity: 20,
      pin: md5('123456'),
    });
    // Another order is a new action: a new key.
    await user.click(screen.getByTestId('trade-result-another'));
    await user.type(await screen.findByTestId('order-quantity'), '20');
    await typePin(user);
    answers.push(ok(order()));
    await user.click(submit());
    await screen.findByTestId('trade-result');
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("shows the server's refusal word for word", async () => {
    const { user } = setup('institutional', INSTITUTIONAL_ID, {
      [ORDERS]: fail(400, TM.offeringClosed),
    });
    await user.type(await screen.findByTestId('order-quantity'), '20');
    await typePin(user);
    await user.click(submit());
    expect(await screen.findByTestId('trade-error')).toHaveTextContent(TM.offeringClosed);
  });

  it('sends a client without a PIN to Set PIN instead of ordering', async () => {
    const { user, http } = setup('institutional', INSTITUTIONAL_ID, {
      'GET /auth/app/v1/client_info': profile(false),
    });
    expect(await screen.findByTestId('trade-no-pin')).toHaveTextContent(TM.setPinToTrade);
    await user.type(screen.getByTestId('order-quantity'), '20');
    await user.click(submit());
    expect(await screen.findByRole('dialog', { name: 'Set PIN' })).toBeInTheDocument();
    expect(http.callsTo(ORDERS)).toHaveLength(0);
  });

  it('masks the cash available while amounts are hidden', async () => {
    setShowAssets(false);
    setup('institutional', INSTITUTIONAL_ID);
    await screen.findByTestId(`deal-selected-${INSTITUTIONAL_ID}`);
    await waitFor(() =>
      expect(screen.getByTestId('trade-cash-available')).toHaveTextContent('****'),
    );
  });
});

describe('OTC trading drawer', () => {
  it('lets the client choose a quote; a desk buy quote is a sell from the holding', async () => {
    const { user, http } = setup('otc', undefined, {
      'GET /trade/app/v1/holdings': ok([holding('TCS', { quantity: 100, reserved: 40 })]),
      [ORDERS]: ok(order({ type: 'otc', side: 'sell', symbol: 'TCS', quantity: 10 })),
    });
    expect(await screen.findByTestId(`deal-option-${otcBuy.id}`)).toHaveTextContent('INFY');
    expect(screen.queryByTestId('order-quantity')).not.toBeInTheDocument();
    await user.click(screen.getByTestId(`deal-option-${OTC_SELL_ID}`));
    expect(await screen.findByTestId('trade-sellable')).toHaveTextContent('60');
    const quantity = screen.getByTestId('order-quantity');
    await user.type(quantity, '70');
    await typePin(user);
    await user.click(submit());
    expect(await screen.findByText(TM.insufficientHolding)).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '10');
    // A sell: no stamp duty, and the charges come out of the proceeds.
    const sale = computeCharges(DEFAULT_CHARGES, 'sell', 4_000_000);
    expect(screen.getByTestId('trade-charge-stamp')).toHaveTextContent('₹0.00');
    expect(screen.getByTestId('trade-total')).toHaveTextContent(
      formatPaise(4_000_000 - sale.total_paise),
    );
    await user.click(submit());
    expect(await screen.findByText(TRADING_DONE.takePlaced)).toBeInTheDocument();
    expect(http.callsTo(ORDERS)[0]!.body).toMatchObject({
      type: 'otc',
      offering_id: OTC_SELL_ID,
      quantity: 10,
    });
  });
});

describe('IPO drawer', () => {
  it('bids in lots between the minimum and the retail cap, with no charges', async () => {
    const { user, http } = setup('ipo', IPO_ID, { [ORDERS]: ok(order({ type: 'ipo', lots: 2 })) });
    const selected = await screen.findByTestId(`deal-selected-${IPO_ID}`);
    expect(within(selected).getByTestId('fact-band')).toHaveTextContent('₹90.00 – ₹95.00');
    expect(within(selected).getByTestId('fact-subscription')).toHaveTextContent('1.25×');
    const lots = screen.getByTestId('order-lots');
    await user.type(lots, '1');
    expect(screen.getByTestId('trade-total')).toHaveTextContent('₹14,250.00');
    await typePin(user);
    await user.click(submit());
    expect(await screen.findByText(TM.belowMinimum)).toBeInTheDocument();
    await user.clear(lots);
    await user.type(lots, '15');
    await user.click(submit());
    expect(await screen.findByText(TM.aboveRetailCap)).toBeInTheDocument();
    await user.clear(lots);
    await user.type(lots, '2');
    expect(screen.getByTestId('trade-shares')).toHaveTextContent('300');
    expect(screen.getByTestId('trade-total')).toHaveTextContent('₹28,500.00');
    expect(screen.getByTestId('trade-no-charges')).toBeInTheDocument();
    expect(screen.queryByTestId('trade-charges')).not.toBeInTheDocument();
    await user.click(submit());
    expect(await screen.findByText(TRADING_DONE.bidPlaced)).toBeInTheDocument();
    expect(http.callsTo(ORDERS)[0]!.body).toEqual({
      type: 'ipo',
      offering_id: IPO_ID,
      lots: 2,
      pin: md5('123456'),
    });
    expect(http.callsTo('GET /trade/app/v1/charges')).toHaveLength(0);
  });

  it('shows an upcoming issue but does not take bids before it opens', async () => {
    setup('ipo', IPO_ID, {
      [DEALS]: ok([{ ...ipo, status: 'upcoming', open_date: '2026-12-01' }]),
    });
    expect(await screen.findByTestId('deal-not-open')).toHaveTextContent(
      'Bidding opens on 1 Dec 2026.',
    );
    expect(submit()).toBeDisabled();
  });
});
