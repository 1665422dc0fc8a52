import {
  gttCreateWith,
  paiseToRupeeText,
  ZGttEdit,
  type TGtt,
  type TGttCreate,
  type TGttEdit,
} from '@sampada/shared';
import type { Resolver } from 'react-hook-form';
import { ZPinTyped } from '../../../components/pin-field';
import { requestResolver } from '../../../lib/forms';

export interface TGttForm {
  kind: 'single' | 'oco';
  symbol: string;
  side: 'buy' | 'sell';
  quantity: string | number;
  trigger_price: string | number;
  limit_price: string | number;
  stop_trigger_price: string | number;
  stop_limit_price: string | number;
  pin: string;
}

export type TGttInitial = Partial<Pick<TGttForm, 'kind' | 'symbol' | 'side' | 'quantity'>>;

const ZGttCreateTyped = gttCreateWith(ZPinTyped);
const ZGttEditTyped = ZGttEdit.extend({ pin: ZPinTyped });
const text = (value: string | number) => String(value).trim();
const rupees = (paise: number | undefined) => (paise === undefined ? '' : paiseToRupeeText(paise));

/** An edit sends the quantity and prices only; a new GTT its kind, symbol and side too. */
export function gttResolver(gtt: TGtt | undefined): Resolver<TGttForm> {
  return gtt
    ? (requestResolver(ZGttEditTyped, {
        toRequest: (v: TGttForm): TGttEdit => ({
          quantity: text(v.quantity),
          trigger_price: text(v.trigger_price),
          limit_price: text(v.limit_price),
          ...(gtt.kind === 'oco'
            ? {
                stop_trigger_price: text(v.stop_trigger_price),
                stop_limit_price: text(v.stop_limit_price),
              }
            : {}),
          pin: v.pin,
        }),
      }) as never)
    : (requestResolver(ZGttCreateTyped, {
        toRequest: (v: TGttForm): TGttCreate => ({
          kind: v.kind,
          symbol: v.symbol,
          // An OCO protects a holding: it always sells (the side control is hidden for it).
          side: v.kind === 'oco' ? 'sell' : v.side,
          quantity: text(v.quantity),
          trigger_price: text(v.trigger_price),
          limit_price: text(v.limit_price),
          ...(v.kind === 'oco'
            ? {
                stop_trigger_price: text(v.stop_trigger_price),
                stop_limit_price: text(v.stop_limit_price),
              }
            : {}),
          pin: v.pin,
        }),
      }) as never);
}

/** The GTT edited as it stands, or a new one from what the caller knows. */
export function gttDefaults(gtt: TGtt | undefined, initial: TGttInitial | undefined): TGttForm {
  return {
    kind: gtt?.kind ?? initial?.kind ?? 'single',
    symbol: gtt?.symbol ?? initial?.symbol ?? '',
    side: gtt?.side ?? initial?.side ?? 'buy',
    quantity: gtt?.quantity ?? initial?.quantity ?? '',
    trigger_price: rupees(gtt?.target.trigger_price_paise),
    limit_price: rupees(gtt?.target.limit_price_paise),
    stop_trigger_price: rupees(gtt?.stop?.trigger_price_paise),
    stop_limit_price: rupees(gtt?.stop?.limit_price_paise),
    pin: '',
  };
}
