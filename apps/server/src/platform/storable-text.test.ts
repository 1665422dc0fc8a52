import { describe, expect, it } from 'vitest';
import { holdsUnstorableText } from './storable-text.ts';

describe('text PostgreSQL cannot store', () => {
  it('refuses NUL, lone surrogates and U+FFFE/U+FFFF anywhere in a body', () => {
    expect(holdsUnstorableText('a\u0000b')).toBe(true);
    expect(holdsUnstorableText({ subject: '\ud800' })).toBe(true);
    expect(holdsUnstorableText({ nested: [{ x: 'ok\udc00' }] })).toBe(true);
    expect(holdsUnstorableText({ ['\ufffe']: 'key' })).toBe(true);
    expect(holdsUnstorableText(['\uffff'])).toBe(true);
  });

  it('keeps every well-formed text, emoji and Hindi included', () => {
    expect(holdsUnstorableText({ name: 'Kavya Iyer', note: 'नमस्ते 😀', n: 5, ok: true })).toBe(
      false,
    );
    expect(holdsUnstorableText(null)).toBe(false);
    expect(holdsUnstorableText(undefined)).toBe(false);
  });
});
