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

  it("reads i18next's key forms: 'ns:key', nested keys, {{values}}, defaultValue, objects", () => {
    registerTranslations('i18n-test', {
      'en-US': {
        hello: 'Hello {{name}}, {{ count }} new',
        nested: { deep: 'Deep' },
        sections: [{ title: 'About {{appName}}' }],
      },
    });
    expect(t('hello', { ns: 'i18n-test', name: 'Asha', count: 3 })).toBe('Hello Asha, 3 new');
    expect(t('i18n-test:hello', { name: 'Asha' })).toBe('Hello Asha,  new');
    expect(t('i18n-test:nested.deep')).toBe('Deep');
    // A feature namespace falls back to the common one; an unknown key comes back as itself.
    expect(t('i18n-test:confirm.title')).toBe('Confirm');
    expect(t('i18n-test:missing.key')).toBe('missing.key');
    expect(t('i18n-test:missing', { defaultValue: 'PENDING' })).toBe('PENDING');
    expect(t('i18n-test:sections', { returnObjects: true, appName: 'Sampada' })).toEqual([
      { title: 'About Sampada' },
    ]);
  });
});
