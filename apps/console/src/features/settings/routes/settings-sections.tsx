import {
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
import type { TFirmSettings } from '@sampada/shared';
import type { ReactNode } from 'react';
import { Controller, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { bindField } from '../../../lib/forms';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((label, i) => ({
  value: String(i + 1),
  label,
}));

/** A text field bound to the form, with the error its path has. */
export type TSettingsField = (
  name: FieldPath<TFirmSettings>,
  label: string,
  placeholder?: string,
) => ReactNode;

type SectionProps = { form: UseFormReturn<TFirmSettings>; field: TSettingsField };

/** The firm's name, registration line and support contacts. */
export function SettingsFirmCards({ form, field }: SectionProps) {
  return (
    <>
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
    </>
  );
}

/** When the support chat is staffed, and an external chat if one is used. */
export function SettingsChatCard({ form, field }: SectionProps) {
  return (
    <>
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
    </>
  );
}

/** Client sign-in and the account clients deposit to. */
export function SettingsAccessCards({ form, field }: SectionProps) {
  return (
    <>
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
    </>
  );
}
