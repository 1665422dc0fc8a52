import { PHONE_CODE } from './constants.ts';

const INDIAN_MOBILE = /^[6-9]\d{9}$/;

/** The 10 national digits of an Indian mobile however it is written, or null. */
export function nationalMobile(raw: string): string | null {
  let digits = raw.replace(/[\s\-().]/g, '');
  if (digits.startsWith('+91')) digits = digits.slice(3);
  else if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return INDIAN_MOBILE.test(digits) ? digits : null;
}

/**
 * The one spelling of a mobile the server keys clients by: '+91' and 10 digits.
 * '9876543210', '+919876543210' and '+91 98765 43210' are the same client.
 */
export function canonicalMobile(raw: string): string | null {
  const national = nationalMobile(raw);
  return national ? `${PHONE_CODE}${national}` : null;
}

export const isIndianMobile = (tenDigits: string) => INDIAN_MOBILE.test(tenDigits);
