import { Group, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { LiveClock } from '../../../components/live-clock';
import { useAppSettings } from '../../../lib/app-settings';
import { DEFAULT_COUNTRY, type TCountry } from '../../../lib/country';
import { useAuthTranslation } from '../i18n';
import { timezoneOptionsFor, zoneLabel } from '../utils/timezone-options';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The embedded country list lives in its own chunk. The default country is known without it,
 * so it loads only for another stored country or once the visitor goes to the pickers.
 */
const useCountries = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.countries,
    queryFn: async () => (await import('../../../lib/countries')).COUNTRIES,
    staleTime: Infinity,
    enabled,
  });

const loadSelects = () => import('./locale-selects');
const LocaleSelects = lazy(loadSelects);

/** Mantine's Select chevron at size xs, drawn without loading the Combobox (ComboboxChevron). */
const chevron = (
  <svg width={14} height={14} viewBox="0 0 15 15" fill="none" aria-hidden>
    <path
      d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
      fill="currentColor"
      fillRule="evenodd"
      clipRule="evenodd"
    />
  </svg>
);

/** The pickers' options: every country with its phone code; India's zone, UTC and the country's. */
function useLocaleOptions(countries: TCountry[] | undefined, country: TCountry | undefined) {
  const countryOptions = useMemo(
    () =>
      (countries ?? []).map((c) => ({
        value: c.code,
        label: `${c.name} (${c.phoneCode})`,
      })),
    [countries],
  );
  const timezoneOptions = useMemo(() => timezoneOptionsFor(country), [country]);
  return { countryOptions, timezoneOptions };
}

/**
 * The chosen country (India by default) and a live clock in the chosen timezone (UTC by
 * default, spec §1), both kept in the locale setting.
 */
export function LocaleBar() {
  const { t } = useAuthTranslation();
  const { locale } = useAppSettings();
  /** Which picker the visitor went to; until then two look-alike fields stand in for them. */
  const [active, setActive] = useState<{ focus: 'country' | 'timezone'; openList: boolean }>();
  const { data: countries } = useCountries(
    active !== undefined || locale.country !== DEFAULT_COUNTRY.code,
  );
  const country =
    countries?.find((c) => c.code === locale.country) ??
    (locale.country === DEFAULT_COUNTRY.code ? DEFAULT_COUNTRY : undefined);

  const { countryOptions, timezoneOptions } = useLocaleOptions(countries, country);

  const standIn = (
    focus: 'country' | 'timezone',
    label: string,
    value: string,
    placeholder = '',
  ) => (
    <TextInput
      label={label}
      size="xs"
      readOnly
      value={value}
      placeholder={placeholder}
      rightSection={chevron}
      rightSectionPointerEvents="none"
      styles={{ input: { cursor: focus === 'timezone' ? 'pointer' : undefined } }}
      onPointerEnter={() => void Promise.all([loadSelects(), import('../../../lib/countries')])}
      onPointerDown={(event) => {
        event.preventDefault();
        setActive({ focus, openList: true });
      }}
      onFocus={() => setActive((current) => current ?? { focus, openList: false })}
      data-testid={`locale-${focus}`}
    />
  );
  const countryLabel = country ? `${country.name} (${country.phoneCode})` : '';
  const standIns = (
    <>
      {/* Before the list arrives the Select showed the code as its placeholder. */}
      {standIn('country', t('locale.country'), countryLabel, locale.country)}
      {standIn('timezone', t('locale.timezone'), zoneLabel(locale.timezone))}
    </>
  );

  return (
    <Stack gap="xs" data-testid="locale-bar">
      <Group grow gap="xs" align="flex-end">
        {active && countries ? (
          <Suspense fallback={standIns}>
            <LocaleSelects
              locale={locale}
              countryOptions={countryOptions}
              timezoneOptions={timezoneOptions}
              {...active}
            />
          </Suspense>
        ) : (
          standIns
        )}
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
