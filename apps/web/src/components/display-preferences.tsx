import {
  SegmentedControl,
  Stack,
  Text,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import { setNumberStyle, type TNumberStyle, useAppSettings } from '../lib/app-settings';
import { useTranslation } from '../lib/i18n';
import { LanguageSwitch } from './language-switch';

/**
 * The reader's display choices (decision 021): language, light/dark/system theme, and large
 * numbers as k/M/B/T (spec §9, the default) or lakh and crore. Each is kept on the device.
 */
export function DisplayPreferences() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const { numberStyle } = useAppSettings();
  return (
    <Stack gap={6} data-testid="display-preferences">
      <Text size="sm" fw={600}>
        {t('preferences.title')}
      </Text>
      <Text size="xs" c="dimmed" id="pref-language">
        {t('preferences.language')}
      </Text>
      <LanguageSwitch size="xs" fullWidth aria-labelledby="pref-language" />
      <Text size="xs" c="dimmed" id="pref-theme">
        {t('preferences.theme')}
      </Text>
      <SegmentedControl
        size="xs"
        fullWidth
        aria-labelledby="pref-theme"
        data-testid="theme-switch"
        value={colorScheme}
        onChange={(value) => setColorScheme(value as MantineColorScheme)}
        data={[
          { value: 'auto', label: t('preferences.themeAuto') },
          { value: 'light', label: t('preferences.themeLight') },
          { value: 'dark', label: t('preferences.themeDark') },
        ]}
      />
      <Text size="xs" c="dimmed" id="pref-numbers">
        {t('preferences.numbers')}
      </Text>
      <SegmentedControl
        size="xs"
        fullWidth
        aria-labelledby="pref-numbers"
        data-testid="number-style-switch"
        value={numberStyle}
        onChange={(value) => setNumberStyle(value as TNumberStyle)}
        data={[
          { value: 'international', label: t('preferences.numbersIntl') },
          { value: 'indian', label: t('preferences.numbersIndian') },
        ]}
      />
    </Stack>
  );
}
