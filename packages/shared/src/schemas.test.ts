import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isAadhaar, maskIdNumber } from './id-number.ts';
import { md5 } from './md5.ts';
import { M } from './messages.ts';
import { canonicalMobile } from './mobile.ts';
import { formatCompact, formatLakhCrore } from './format.ts';
import { formatPaise } from './money.ts';
import {
  kycBaseSchema,
  ZChangePasswordForm,
  ZCreatePinPasswordForm,
  ZForgotResetForm,
  ZForgotVerifyForm,
  ZKycIdForm,
  ZLoginForm,
  ZRegisterForm,
} from './schemas.ts';

/** Takes zod classic and mini schemas alike (the auth forms are mini, auth-forms.ts). */
const firstMessage = (schema: z.core.$ZodType, value: unknown) => {
  const result = z.safeParse(schema, value);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('login form (spec §5)', () => {
  it.each([
    [{ username: '', password: 'x' }, M.usernameRequired],
    [{ username: '   ', password: 'x' }, M.usernameRequired],
    [{ username: '9876543210', password: '' }, M.passwordRequired],
  ])('%j → %s', (value, message) => expect(firstMessage(ZLoginForm, value)).toBe(message));

  it('defaults remember to false and trims', () => {
    expect(ZLoginForm.parse({ username: ' 9876543210 ', password: 'x' })).toEqual({
      username: '9876543210',
      password: 'x',
      remember: false,
    });
  });
});

describe('registration form', () => {
  const valid = {
    mobile: '9876543210',
    password: 'secret1',
    confirmPassword: 'secret1',
    invitationCode: 'ABCD2345',
  };
  it.each([
    [{ mobile: '' }, M.mobileRequired],
    [{ mobile: '5876543210' }, M.mobileInvalid],
    [{ mobile: '98765' }, M.mobileInvalid],
    [{ password: '', confirmPassword: '' }, M.passwordRequired],
    [{ password: '12345', confirmPassword: '12345' }, M.passwordMin],
    [{ confirmPassword: '' }, M.confirmPasswordRequired],
    [{ confirmPassword: 'other1' }, M.passwordsMustMatch],
    [{ invitationCode: '  ' }, M.inviteCodeRequired],
  ])('%j → %s', (patch, message) =>
    expect(firstMessage(ZRegisterForm, { ...valid, ...patch })).toBe(message),
  );
  it('accepts a valid form', () => expect(firstMessage(ZRegisterForm, valid)).toBeNull());
});

describe('change password form', () => {
  const valid = { currentPassword: 'old', newPassword: 'newpass', confirmPassword: 'newpass' };
  it.each([
    [{ currentPassword: '' }, M.currentPasswordRequired],
    [{ newPassword: '', confirmPassword: '' }, M.newPasswordRequired],
    [{ newPassword: '12345', confirmPassword: '12345' }, M.newPasswordMin],
    [{ confirmPassword: '' }, M.confirmYourPassword],
    [{ confirmPassword: 'nope12' }, M.passwordsMustMatch],
  ])('%j → %s', (patch, message) =>
    expect(firstMessage(ZChangePasswordForm, { ...valid, ...patch })).toBe(message),
  );
});

describe('create PIN and forgot password forms', () => {
  it('needs the current password', () =>
    expect(firstMessage(ZCreatePinPasswordForm, { password: '' })).toBe(M.passwordRequired));
  it.each([
    [{ mobile: '123', code: '1' }, M.mobileInvalid],
    [{ mobile: '9876543210', code: '' }, M.verificationCodeRequired],
  ])('verify %j → %s', (value, message) =>
    expect(firstMessage(ZForgotVerifyForm, value)).toBe(message),
  );
  it.each([
    [{ password: '12345', confirmPassword: '12345' }, M.newPasswordMin],
    [{ password: 'secret1', confirmPassword: '' }, M.confirmPasswordShort],
    [{ password: 'secret1', confirmPassword: 'secret2' }, M.passwordsMustMatch],
  ])('reset %j → %s', (value, message) =>
    expect(firstMessage(ZForgotResetForm, value)).toBe(message),
  );
});

describe('KYC base info', () => {
  const today = () => new Date('2026-11-21T10:00:00Z');
  const schema = kycBaseSchema(today);
  const valid = { full_name: 'Ananya Iyer', dob: '1990-02-28', mobile: '' };
  it.each([
    [{ full_name: ' ' }, M.fullNameRequired],
    [{ mobile: '12345678' }, M.phoneInvalid],
    [{ mobile: '1234567890123456' }, M.phoneInvalid],
    [{ dob: '' }, M.dobRequired],
    [{ dob: '1990/02/28' }, M.dobInvalid],
    [{ dob: '1990-02-30' }, M.dobInvalid],
    [{ dob: '1899-12-31' }, M.dobInvalid],
    [{ dob: '2008-11-22' }, M.mustBeAdult],
  ])('%j → %s', (patch, message) =>
    expect(firstMessage(schema, { ...valid, ...patch })).toBe(message),
  );
  it('accepts 9 to 15 digit phones, no phone, and an 18th birthday today', () => {
    expect(firstMessage(schema, { ...valid, mobile: '123456789' })).toBeNull();
    expect(firstMessage(schema, { ...valid, mobile: '+919876543210' })).toBeNull();
    expect(firstMessage(schema, { full_name: 'A', dob: '2008-11-21' })).toBeNull();
  });
});

describe('KYC ID', () => {
  it('accepts PAN and Verhoeff-valid Aadhaar, refuses others; image links start with http', () => {
    const urls = { id_front_url: 'http://x/a', id_back_url: 'https://x/b' };
    expect(firstMessage(ZKycIdForm, { id_no: 'abcde1234f', ...urls })).toBeNull();
    expect(firstMessage(ZKycIdForm, { id_no: '2341 2341 2346', ...urls })).toBeNull();
    expect(firstMessage(ZKycIdForm, { id_no: '234123412347', ...urls })).toMatch(/PAN/);
    expect(
      firstMessage(ZKycIdForm, {
        id_no: 'ABCDE1234F',
        id_front_url: 'blob:x',
        id_back_url: 'http://x',
      }),
    ).toMatch(/Upload/);
    expect(isAadhaar('234123412346')).toBe(true);
    expect(maskIdNumber('234123412346')).toBe('XXXX XXXX 2346');
  });
});

describe('helpers', () => {
  it('computes MD5 like the reference vectors', () => {
    expect(md5('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5('The quick brown fox jumps over the lazy dog')).toBe(
      '9e107d9d372bb6826bd81d3542a419d6',
    );
  });
  it('reads one mobile in every spelling', () => {
    for (const spelling of [
      '9876543210',
      '+919876543210',
      '+91 98765 43210',
      '09876543210',
      '919876543210',
    ]) {
      expect(canonicalMobile(spelling)).toBe('+919876543210');
    }
    expect(canonicalMobile('+14155550100')).toBeNull();
  });
  it('formats money the Indian way', () => {
    expect(formatPaise(123456789n)).toBe('₹12,34,567.89');
    expect(formatPaise(-5n)).toBe('-₹0.05');
    expect(formatCompact(1234567)).toBe('1.235M');
    expect(formatCompact(999)).toBe('999.000');
    expect(formatLakhCrore(191294980000)).toBe('₹19,129.50 Cr');
    expect(formatLakhCrore(250000)).toBe('₹2.50 L');
  });
});
