/** Indian identity numbers accepted for KYC: PAN or Aadhaar (domain.md "KYC"). */
export const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

export function verhoeffValid(digits: string): boolean {
  let check = 0;
  const reversed = digits.split('').reverse();
  for (let i = 0; i < reversed.length; i++) {
    check = VERHOEFF_D[check]![VERHOEFF_P[i % 8]![Number(reversed[i])]!]!;
  }
  return check === 0;
}

/** Aadhaar: 12 digits, not starting 0 or 1, Verhoeff check digit last. */
export const isAadhaar = (value: string) => /^[2-9]\d{11}$/.test(value) && verhoeffValid(value);

export type TIdType = 'pan' | 'aadhaar';

/** Removes the spaces people type into an Aadhaar number and upper-cases a PAN. */
export const normalizeIdNumber = (raw: string) => raw.replace(/[\s-]/g, '').toUpperCase();

export function idNumberType(raw: string): TIdType | null {
  const value = normalizeIdNumber(raw);
  if (PAN.test(value)) return 'pan';
  if (isAadhaar(value)) return 'aadhaar';
  return null;
}

/** Aadhaar shows only its last four digits (UIDAI masking); PAN shows its last four too. */
export function maskIdNumber(value: string): string {
  const last4 = value.slice(-4);
  return /^\d{12}$/.test(value) ? `XXXX XXXX ${last4}` : `${'X'.repeat(value.length - 4)}${last4}`;
}
