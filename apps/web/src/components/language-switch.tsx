import { SegmentedControl, type SegmentedControlProps } from '@mantine/core';
import {
  LANGUAGE_NAMES,
  LANGUAGES,
  setLanguage,
  type TLanguage,
  useTranslation,
} from '../lib/i18n';

/** English or हिन्दी: the whole app switches at once and the choice stays on the device. */
export function LanguageSwitch(props: Omit<SegmentedControlProps, 'data' | 'value' | 'onChange'>) {
  const { t, i18n } = useTranslation();
  const current = (LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as TLanguage)
    : 'en-US';
  return (
    <SegmentedControl
      aria-label={t('preferences.language')}
      data-testid="language-switch"
      {...props}
      value={current}
      onChange={(value) => void setLanguage(value as TLanguage)}
      data={LANGUAGES.map((language) => ({
        value: language,
        label: <span lang={language}>{LANGUAGE_NAMES[language]}</span>,
      }))}
    />
  );
}
