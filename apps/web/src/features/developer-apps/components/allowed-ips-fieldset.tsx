import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { Control, UseFormSetValue } from 'react-hook-form';
import { TextInputField } from '../../../components/form-fields';
import { translateMessage } from '../../../lib/i18n';
import { useDeveloperAppsTranslation } from '../i18n';
import type { TForm, TRequest } from './create-app-values';

const IPS_MAX = 5;

/** The addresses the app may call from: one field each, added and removed, up to IPS_MAX. */
export function AllowedIpsFieldset({
  control,
  setValue,
  ips,
  ipsError,
}: {
  control: Control<TForm, unknown, TRequest>;
  setValue: UseFormSetValue<TForm>;
  ips: string[];
  ipsError: string | undefined;
}) {
  const { t } = useDeveloperAppsTranslation();
  return (
    <Stack gap={6} component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" size="sm" fw={500} p={0}>
        {t('form.ips')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('form.ipsHint')}
      </Text>
      {ips.map((_, index) => (
        <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
          <TextInputField
            control={control}
            name={`allowed_ips.${index}`}
            aria-label={t('form.ip', { n: index + 1 })}
            placeholder={index === 0 ? '203.0.113.7' : '2001:db8::1'}
            autoComplete="off"
            spellCheck={false}
            style={{ flex: 1 }}
          />
          {ips.length > 1 && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('form.removeIp', { n: index + 1 })}
              onClick={() =>
                setValue(
                  'allowed_ips',
                  ips.filter((__, i) => i !== index),
                )
              }
            >
              <IconTrash size={18} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {ipsError && (
        <Text size="xs" c="red" role="alert">
          {translateMessage(ipsError)}
        </Text>
      )}
      {ips.length < IPS_MAX && (
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => setValue('allowed_ips', [...ips, ''])}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('form.addIp')}
        </Button>
      )}
    </Stack>
  );
}
