import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, TextInput } from '@mantine/core';
import { type TFirmSettings, ZFirmSettings } from '@sampada/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSaveSettings, useSettings } from '../api/settings';
import {
  SettingsAccessCards,
  SettingsChatCard,
  SettingsFirmCards,
  type TSettingsField,
} from './settings-sections';

export function SettingsPage() {
  const settings = useSettings();
  const save = useSaveSettings();
  const form = useForm<TFirmSettings>({ resolver: zodResolver(ZFirmSettings) });
  useEffect(() => {
    if (settings.data) form.reset(settings.data);
  }, [settings.data, form]);

  const field: TSettingsField = (name, label, placeholder) => {
    const error = name
      .split('.')
      .reduce<unknown>(
        (e, key) => (e as Record<string, unknown> | undefined)?.[key],
        form.formState.errors,
      ) as { message?: string } | undefined;
    return (
      <TextInput
        label={label}
        placeholder={placeholder}
        {...form.register(name)}
        error={error?.message}
      />
    );
  };
  const submit = form.handleSubmit((values) =>
    save.mutate(
      { ...values, chat_service: values.chat_service?.trim() ? values.chat_service : null },
      { onSuccess: ({ message }) => notifySuccess(message), onError: notifyError },
    ),
  );

  return (
    <>
      <PageHeader title="Settings" description="What clients see about the firm" />
      <QueryState isPending={settings.isPending} error={settings.error}>
        <form onSubmit={submit} noValidate>
          <Stack maw={900}>
            <SettingsFirmCards form={form} field={field} />
            <SettingsChatCard form={form} field={field} />
            <SettingsAccessCards form={form} field={field} />
            <Button type="submit" loading={save.isPending} w="fit-content">
              Save settings
            </Button>
          </Stack>
        </form>
      </QueryState>
    </>
  );
}
