import { Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { LiveClock } from '../../../components/live-clock';
import { setLocale, useAppSettings } from '../../../lib/app-settings';
import { useAuthTranslation } from '../i18n';
import { queryKeys } from '../../../lib/query-keys';

/** The embedded country list lives in its own chunk; it loads after the form is on screen. */
const useCountries = () =>
  useQuery({
    queryKey: queryKeys.countries,
    queryFn: async () => (await import('../../../lib/countries')).COUNTRIES,
    staleTime: Infinity,
  });

/**
 * The chosen country (India by default) and a live clock in the chosen timezone (UTC by
 * default, spec §1), both kept in the locale setting.
 */
export function LocaleBar() {
  const { t } = useAuthTranslation();
  const { locale } = useAppSettings();
  const { data: countries } = useCountries();
  const country = countries?.find((c) => c.code === locale.country);

  const countryOptions = useMemo(
    () =>
      (countries ?? []).map((c) => ({
        value: c.code,
        label: `${c.name} (${c.phoneCode})`,
      })),
    [countries],
  );
  const timezoneOptions = useMemo(
    () =>
      [...new Set(['UTC', ...(country?.timezones ?? [])])].map((zone) => ({
        value: zone,
        label: zone,
      })),
    [country],
  );

  return (
    <Stack gap="xs" data-testid="locale-bar">
      <Group grow gap="xs" align="flex-end">
        <Select
          label={t('locale.country')}
          size="xs"
          searchable
          data={countryOptions}
          value={locale.country}
          placeholder={locale.country}
          onChange={(code) => code && setLocale({ ...locale, country: code })}
          comboboxProps={{ withinPortal: true }}
          nothingFoundMessage="—"
          allowDeselect={false}
        />
        <Select
          label={t('locale.timezone')}
          size="xs"
          data={timezoneOptions}
          value={locale.timezone}
          onChange={(timezone) => timezone && setLocale({ ...locale, timezone })}
          allowDeselect={false}
        />
      </Group>
      <Group gap={6} justify="center">
        <Text size="xs" c="dimmed">
          {t('locale.time')}
        </Text>
        <LiveClock timezone={locale.timezone} locale={country?.locale} size="xs" fw={500} />
        <Text size="xs" c="dimmed">
          {locale.timezone}
        </Text>
      </Group>
    </Stack>
  );
}
