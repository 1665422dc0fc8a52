import { FM, FUNDS_DONE, GTT_DONE, messageCode, TM, TRADING_DONE } from '@sampada/shared';
import { registerMessages } from './i18n';

/** Only the string messages of a group that a client screen shows (form checks, refusals, toasts). */
function pick<T extends Record<string, unknown>, K extends keyof T & string>(
  group: T,
  keys: K[],
): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, group[key] as string])) as Record<K, string>;
}

/*
 * The money and trading screens' spec messages, translatable by their text like `M`. Messages
 * built from a value (a tick size, a band) stay in English: their text is not known in advance.
 */
/** The money screens' messages: the shape of their translations. */
export const fundsMessagesEnUS = {
  ...pick(FM, [
    'amountRequired',
    'amountNotNumber',
    'amountNegative',
    'amountZero',
    'amountDecimals',
    'amountTooLarge',
    'depositBelowMin',
    'withdrawalBelowMin',
    'beyondBalance',
    'kycRequired',
    'setPinToWithdraw',
    'setPinForBankCards',
    'holderNameRequired',
    'holderNameMismatch',
    'accountNumberRequired',
    'accountNumberInvalid',
    'ifscRequired',
    'ifscInvalid',
    'bankCardLimit',
    'bankCardExists',
    'bankCardRequired',
    'methodInvalid',
    'utrRequired',
    'utrAlreadyCredited',
    'utrAlreadySubmitted',
    'depositAccountMissing',
    'dateRangeInvalid',
    'statementTooLong',
  ]),
  ...pick(FUNDS_DONE, [
    'bankCardAdded',
    'bankCardRemoved',
    'depositRequested',
    'withdrawalRequested',
  ]),
};
registerMessages(
  'funds-messages',
  fundsMessagesEnUS,
  { 'hi-IN': () => import('./locales/hi-IN.funds-messages') },
  messageCode,
);

/** The trading screens' messages: the shape of their translations. */
export const tradeMessagesEnUS = {
  ...pick(TM, [
    'quantityRequired',
    'quantityInvalid',
    'quantityTooLarge',
    'lotsRequired',
    'lotsInvalid',
    'belowMinimum',
    'aboveRetailCap',
    'priceRequired',
    'priceInvalid',
    'triggerRequired',
    'sellLimitAboveTrigger',
    'buyLimitBelowTrigger',
    'offeringRequired',
    'offeringNotFound',
    'offeringClosed',
    'beyondOffering',
    'alreadyApplied',
    'insufficientCash',
    'insufficientHolding',
    'setPinToTrade',
    'kycRequired',
    'symbolRequired',
    'symbolUnknown',
  ]),
  ...pick(TRADING_DONE, [
    'orderPlaced',
    'requestPlaced',
    'takePlaced',
    'bidPlaced',
    'orderCancelled',
    'orderModified',
  ]),
  gttCreated: GTT_DONE.created,
  gttEdited: GTT_DONE.edited,
  gttDeleted: GTT_DONE.deleted,
};
registerMessages(
  'trade-messages',
  tradeMessagesEnUS,
  { 'hi-IN': () => import('./locales/hi-IN.trade-messages') },
  messageCode,
);
