import { AlertMessage } from './alerts.ts';
import { TwoFactorMessage } from './client-security.ts';
import { VideoMessage } from './company-videos.ts';
import { CPM, OM } from './compensation.ts';
import { ConnectMessage } from './connect.ts';
import { CM } from './console.ts';
import { LM } from './credit.ts';
import { EMAIL_MSG, GRIEVANCE_MSG, NOMINEE_MSG } from './duties.ts';
import { EM } from './engagement.ts';
import { FM } from './funds.ts';
import { MarketMessage } from './market.ts';
import { ApiMessage, M, M_CODE_PREFIX } from './messages.ts';
import { NM } from './news.ts';
import { SETTLEMENT_MSG } from './settlement.ts';
import { SM } from './support.ts';
import { GM } from './trading-depth.ts';
import { TM } from './trading.ts';
import { TRANSFER_MESSAGES } from './transfers.ts';

/**
 * The machine code of every refusal the server sends, next to its English `message` in the
 * envelope as `error_code`: '<table>.<key>' of the message table the text comes from
 * (`funds.amountRequired` is `FM.amountRequired`). Clients translate by it, never by the text.
 * Renaming a key or a table's prefix here changes a code clients know: add, do not rename.
 * The spec's own messages (`M`) come first, so a text two tables share has M's code.
 */
export const MESSAGE_TABLES = {
  [M_CODE_PREFIX]: M,
  api: ApiMessage,
  funds: FM,
  trading: TM,
  gtt: GM,
  credit: LM,
  compensation: CPM,
  offers: OM,
  console: CM,
  connect: ConnectMessage,
  two_factor: TwoFactorMessage,
  alerts: AlertMessage,
  videos: VideoMessage,
  market: MarketMessage,
  news: NM,
  support: SM,
  engagement: EM,
  email: EMAIL_MSG,
  nominees: NOMINEE_MSG,
  grievances: GRIEVANCE_MSG,
  settlement: SETTLEMENT_MSG,
  transfers: TRANSFER_MESSAGES,
} as const;

type TTables = typeof MESSAGE_TABLES;
/** Every fixed message's code, 'funds.setPinToWithdraw': a typo in a client's check fails to compile. */
export type TMessageCode = {
  [T in keyof TTables]: `${T & string}.${keyof TTables[T] & string}`;
}[keyof TTables];

let codeByText: Map<string, string> | undefined;

/** The code of a fixed message (a text built from a value has none). */
export function messageCode(text: string): string | undefined {
  if (!codeByText) {
    codeByText = new Map();
    for (const [table, messages] of Object.entries(MESSAGE_TABLES)) {
      for (const [key, value] of Object.entries(messages)) {
        if (typeof value === 'string' && !codeByText.has(value)) {
          codeByText.set(value, `${table}.${key}`);
        }
      }
    }
  }
  return codeByText.get(text);
}

/** A refusal whose text is in no table still has a code: its kind, by HTTP status. */
const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  503: 'unavailable',
};

/** The `error_code` of an error answer: its message's code, else its status's. */
export const errorCode = (status: number, message: string): string =>
  messageCode(message) ?? CODE_BY_STATUS[status] ?? (status >= 500 ? 'internal' : `http_${status}`);
