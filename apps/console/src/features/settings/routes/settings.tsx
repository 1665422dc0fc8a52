import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Card,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { type TFirmSettings, ZFirmSettings } from '@sampada/shared';
import { useEffect } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSaveSettings, useSettings } from '../api/settings';
import { bindField } from '../../../lib/forms';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((label, i) => ({
  value: String(i + 1),
  label,
}));

export function SettingsPage() {
  const settings = useSettings();
  const save = useSaveSettings();
  const form = useForm<TFirmSettings>({ resolver: zodResolver(ZFirmSettings) });
  useEffect(() => {
    if (settings.data) form.reset(settings.data);
  }, [settings.data, form]);

  const field = (name: FieldPath<TFirmSettings>, label: string, placeholder?: string) => {
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
            <Card withBorder>
              <Title order={4} mb="sm">
                Firm
              </Title>
              <Stack>
                {field('app_name', 'App name')}
                <Textarea
                  label="Regulatory registration line"
                  description="Shown in the client app's footer, e.g. SEBI registration number"
                  placeholder="SEBI Investment Adviser Reg. No. INA000000000"
                  {...bindField(form, 'regulatory_line')}
                />
                {field('chat_service', 'External chat project (empty for the built-in chat)')}
              </Stack>
            </Card>
            <Card withBorder>
              <Title order={4} mb="sm">
                Support
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {field('support.phone', 'Phone', '+91 22 4000 0000')}
                {field('support.email', 'Email', 'care@firm.in')}
                {field('support.hours', 'Hours', 'Mon–Fri 9:00–18:00 IST')}
              </SimpleGrid>
            </Card>
            <Card withBorder>
              <Title order={4} mb="sm">
                Support chat
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Controller
                  control={form.control}
                  name="chat.office_hours.days"
                  render={({ field: days, fieldState }) => (
                    <MultiSelect
                      label="Office days"
                      data={WEEKDAYS}
                      value={(days.value ?? []).map(String)}
                      onChange={(values) => days.onChange(values.map(Number).sort())}
                      error={fieldState.error?.message}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="chat.reply_minutes"
                  render={({ field: minutes, fieldState }) => (
                    <NumberInput
                      label="Expected reply time (minutes)"
                      min={1}
                      max={1440}
                      value={minutes.value}
                      onChange={(v) => minutes.onChange(Number(v) || 0)}
                      error={fieldState.error?.message}
                    />
                  )}
                />
                {field('chat.office_hours.open', 'Opens (IST, HH:MM)', '09:00')}
                {field('chat.office_hours.close', 'Closes (IST, HH:MM)', '18:00')}
                <Controller
                  control={form.control}
                  name="chat.script_url"
                  render={({ field: url, fieldState }) => (
                    <TextInput
                      label="External chat script (https, used with an external chat project)"
                      placeholder="https://chat.example.com/widget.js"
                      value={url.value ?? ''}
                      onChange={(event) => url.onChange(event.currentTarget.value.trim() || null)}
                      error={fieldState.error?.message}
                    />
                  )}
                />
              </SimpleGrid>
            </Card>
            <Card withBorder>
              <Title order={4} mb="sm">
                Client sign-in
              </Title>
              <Controller
                control={form.control}
                name="client_2fa_required"
                render={({ field: required }) => (
                  <Switch
                    label="Require two-step verification (TOTP) for every client"
                    description="A client without it is taken to set it up after their password at the next sign-in, and cannot turn it off."
                    checked={required.value ?? false}
                    onChange={(event) => required.onChange(event.currentTarget.checked)}
                  />
                )}
              />
            </Card>
            <Card withBorder>
              <Title order={4} mb="sm">
                Deposit bank account
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {field('deposit_bank.account_name', 'Account name')}
                {field('deposit_bank.account_number', 'Account number')}
                {field('deposit_bank.ifsc', 'IFSC')}
                {field('deposit_bank.bank_name', 'Bank')}
                {field('deposit_bank.branch', 'Branch')}
                {field('deposit_bank.upi_id', 'UPI ID')}
              </SimpleGrid>
            </Card>
            <Button type="submit" loading={save.isPending} w="fit-content">
              Save settings
            </Button>
          </Stack>
        </form>
      </QueryState>
    </>
  );
}
