import { Select } from '@mantine/core';
import { setLocale, type TLocaleSetting } from '../../../lib/app-settings';
import { useAuthTranslation } from '../i18n';

export interface TLocaleSelectsProps {
  locale: TLocaleSetting;
  countryOptions: { value: string; label: string }[];
  timezoneOptions: { value: string; label: string }[];
  /** The field the visitor went to: it takes the focus, and its list opens on a click. */
  focus: 'country' | 'timezone';
  openList: boolean;
}

/**
 * The country and timezone pickers. Mantine's Select brings its dropdown machinery (Combobox,
 * Popover, floating-ui: about 25 kB compressed), so LocaleBar loads this chunk only when the
 * visitor goes to one of the two fields.
 */
export default function LocaleSelects({
  locale,
  countryOptions,
  timezoneOptions,
  focus,
  openList,
}: TLocaleSelectsProps) {
  const { t } = useAuthTranslation();
  return (
    <>
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
        autoFocus={focus === 'country'}
        defaultDropdownOpened={openList && focus === 'country'}
      />
      <Select
        label={t('locale.timezone')}
        size="xs"
        data={timezoneOptions}
        value={locale.timezone}
        onChange={(timezone) => timezone && setLocale({ ...locale, timezone })}
        allowDeselect={false}
        autoFocus={focus === 'timezone'}
        defaultDropdownOpened={openList && focus === 'timezone'}
      />
    </>
  );
}
