import { M } from '@sampada/shared';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  i18n,
  looseKeys,
  registerTranslations,
  setLanguage,
  t as typedT,
  translateMessage,
} from './i18n';
import { commonEnUS } from './locales/en-US';
import { commonHiIN } from './locales/hi-IN';

// The namespaces registered here are not in the app's types: their keys are read loosely.
const t = looseKeys(typedT);

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
    registerTranslations('messages', { 'ta-IN': { pinSet: 'பின் அமைக்கப்பட்டது' } });
    registerTranslations('common', { 'ta-IN': { confirm: { cancel: 'ரத்து செய்' } } });
    await i18n.changeLanguage('ta-IN');
    try {
      expect(translateMessage(M.pinSet)).toBe('பின் அமைக்கப்பட்டது');
      expect(t('confirm.cancel')).toBe('ரத்து செய்');
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

  it('speaks Hindi when switched, keeps the choice, and falls back to the spec English', async () => {
    await setLanguage('hi-IN');
    try {
      expect(t('confirm.cancel')).toBe('रद्द करें');
      expect(translateMessage(M.passwordRequired)).toBe('पासवर्ड आवश्यक है');
      // Fetched when the language was chosen, not with the first screen.
      expect(translateMessage(M.pinSet)).toBe('पिन सेट हो गया है');
      // What Hindi lacks falls back to the en-US wording.
      registerTranslations('en-only', { 'en-US': { word: 'Only English' } });
      expect(t('en-only:word')).toBe('Only English');
      expect(localStorage.getItem('sampada.language')).toBe('"hi-IN"');
      expect(document.documentElement.lang).toBe('hi-IN');
    } finally {
      await setLanguage(DEFAULT_LANGUAGE);
    }
    expect(t('confirm.cancel')).toBe('Cancel');
  });

  it('translates every common string to Hindi (no key left behind)', () => {
    const keys = (value: object, prefix = ''): string[] =>
      Object.entries(value).flatMap(([key, inner]) =>
        typeof inner === 'object' && inner !== null
          ? keys(inner as object, `${prefix}${key}.`)
          : [`${prefix}${key}`],
      );
    expect(keys(commonHiIN).sort()).toEqual(keys(commonEnUS).sort());
  });

  it('picks the plural form by the language’s rules when a count is given', async () => {
    registerTranslations('i18n-plural', {
      'en-US': {
        trades_one: '{{count}} trade read',
        trades_other: '{{count}} trades read',
        onlyOther_other: '{{count}} items',
        plain: '{{count}} filled',
      },
      'hi-IN': { trades_one: '{{count}} ट्रेड पढ़ा गया', trades_other: '{{count}} ट्रेड पढ़े गए' },
    });
    expect(t('i18n-plural:trades', { count: 1 })).toBe('1 trade read');
    expect(t('i18n-plural:trades', { count: 2 })).toBe('2 trades read');
    expect(t('i18n-plural:trades', { count: 0 })).toBe('0 trades read');
    // A language without a 'one' form for the count uses 'other'; a key without forms, itself.
    expect(t('i18n-plural:onlyOther', { count: 1 })).toBe('1 items');
    expect(t('i18n-plural:plain', { count: 1 })).toBe('1 filled');
    // A count reads with Indian grouping, as money does.
    expect(t('i18n-plural:trades', { count: 1234567 })).toBe('12,34,567 trades read');
    await i18n.changeLanguage('hi-IN');
    try {
      // Hindi's rules put 0 with 1 ('one'), unlike English.
      expect(t('i18n-plural:trades', { count: 0 })).toBe('0 ट्रेड पढ़ा गया');
      expect(t('i18n-plural:trades', { count: 1 })).toBe('1 ट्रेड पढ़ा गया');
      expect(t('i18n-plural:trades', { count: 5 })).toBe('5 ट्रेड पढ़े गए');
    } finally {
      await i18n.changeLanguage(DEFAULT_LANGUAGE);
    }
  });

  it('translates a feature’s coded refusal once the feature has registered its messages', async () => {
    await import('./spec-messages');
    await setLanguage('hi-IN');
    try {
      expect(translateMessage({ message: 'Amount?', errorCode: 'funds.amountRequired' })).toBe(
        'राशि दर्ज करें।',
      );
      // A refusal from an older server, without a code, is still found by its text.
      expect(translateMessage({ message: M.passwordRequired })).toBe('पासवर्ड आवश्यक है');
    } finally {
      await setLanguage(DEFAULT_LANGUAGE);
    }
  });
});
