/** Business constants and limits of spec §9. */
export const APP_NAME = 'Sampada';
export const APP_VERSION = '3.22.3221';
export const DRAWER_VERSION = '3.1.3229';

export const REQUEST_TIMEOUT_MS = 10_000;
export const MAX_REFRESH_RETRIES = 3;
export const MAX_REFRESHES_PER_WINDOW = 3;
export const REFRESH_WINDOW_MS = 60_000;
export const SESSION_CHECK_MS = 15 * 60_000;

export const MIN_TRADE_AMOUNT = 19_000;
export const MIN_WITHDRAWAL = 100;
export const MIN_DEPOSIT = 20_000;

export const PASSWORD_MIN = 6;
export const PIN_LENGTH = 6;
export const PHONE_CODE = '+91';
export const KYC_PHONE_MIN = 9;
export const KYC_PHONE_MAX = 15;
export const MIN_AGE = 18;
export const MIN_BIRTH_YEAR = 1900;
export const KYC_IMAGE_MAX_BYTES = 20 * 1024 * 1024;
export const MULTI_IMAGE_MAX = 10;

export const AGREEMENT_SCROLL_THRESHOLD_PX = 30;
export const DESKTOP_BREAKPOINT = 768;
export const PAD_MAX = 991;
export const USER_DRAWER_WIDTH = 400;
export const SIDE_DRAWER_WIDTH = '85%';
export const SLIDE_UP_HEIGHT = '80vh';

export const TOAST_DURATION_MS = 3000;
export const TOAST_POSITIONS = [
  'top-right',
  'top-left',
  'bottom-right',
  'bottom-left',
  'top-center',
  'bottom-center',
] as const;
export const SEARCH_DEBOUNCE_MS = 400;
export const SEARCH_MIN_LENGTH = 1;
export const CLOCK_TICK_MS = 1000;
export const COPY_RESET_MS = 2000;
export const RESIZE_DEBOUNCE_MS = 200;
export const CHAT_WIDGET_DELAY_MS = 300;
export const MODAL_WIDTH = 400;

export const AVATAR_FILE_NAME = 'avatar.jpg';
export const AVATAR_WORKING_CAP_PX = 1024;

export const KYC_STATUSES = ['unverified', 'pending', 'approved', 'rejected'] as const;
export type TKycStatus = (typeof KYC_STATUSES)[number];
/** Any other value counts as unverified (spec §3). */
export const toKycStatus = (value: unknown): TKycStatus =>
  KYC_STATUSES.includes(value as TKycStatus) ? (value as TKycStatus) : 'unverified';

export const STAFF_ROLES = ['admin', 'advisor', 'operations', 'support'] as const;
export type TStaffRole = (typeof STAFF_ROLES)[number];

export const MARKET_INDICES = [
  'SENSEX',
  'NIFTY50',
  'NIFTYBANK',
  'NIFTYSMLCAP100',
  'NIFTYMIDCAP100',
  'INDIAVIX',
] as const;
export const MARKET_FILTERS = ['all', 'stock', 'otc', 'ipo'] as const;
