import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { type TFirmSettings, ZFirmSettings } from '@sampada/shared';
import { useEffect } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSaveSettings, useSettings } from '../api/settings';
import { bindField } from '../../../lib/forms';

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
