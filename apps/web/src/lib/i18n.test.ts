import { M } from '@sampada/shared';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, i18n, registerTranslations, t, translateMessage } from './i18n';

describe('i18n layer', () => {
  it('defaults to en-US with the spec wording for every shared message', () => {
    expect(DEFAULT_LANGUAGE).toBe('en-US');
    expect(i18n.language).toBe('en-US');
    for (const message of Object.values(M)) expect(translateMessage(message)).toBe(message);
  });

  it('passes through text that is not a spec message (a server reason)', () => {
    expect(translateMessage('This invitation code has expired.')).toBe(
      'This invitation code has expired.',
    );
    expect(translateMessage(undefined)).toBe('');
  });

  it('serves a new language from a translation file alone', async () => {
    registerTranslations('messages', { 'hi-IN': { pinSet: 'पिन सेट हो गया है' } });
    registerTranslations('common', { 'hi-IN': { confirm: { cancel: 'रद्द करें' } } });
    await i18n.changeLanguage('hi-IN');
    try {
      expect(translateMessage(M.pinSet)).toBe('पिन सेट हो गया है');
      expect(t('confirm.cancel')).toBe('रद्द करें');
      // Anything not yet translated falls back to en-US.
      expect(t('confirm.title')).toBe('Confirm');
    } finally {
      await i18n.changeLanguage(DEFAULT_LANGUAGE);
    }
  });
});
