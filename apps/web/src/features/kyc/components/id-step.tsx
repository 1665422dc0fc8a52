import { ZKycIdForm, type TKycIdForm } from '@sampada/shared';
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { TextField } from '../../../components/form-fields';
import { LoadingButton } from '../../../components/loading-button';
import { useKycTranslation } from '../i18n';
import { IdImageUpload } from './id-image-upload';

export type TKycIdValues = TKycIdForm;

/** Step 2: ID number and one image for each side; Submit sends the whole KYC form. */
export function IdStep({
  defaultValues,
  submitting,
  onBack,
  onSubmit,
}: {
  defaultValues: TKycIdValues;
  submitting: boolean;
  onBack: (values: TKycIdValues) => void;
  onSubmit: (values: TKycIdValues) => void;
}) {
  const { t } = useKycTranslation();
  const { control, handleSubmit, getValues } = useForm({
    resolver: zodResolver(ZKycIdForm),
    defaultValues,
  });
  const submit = handleSubmit((values) => onSubmit(values));

  return (
    <form onSubmit={submit} noValidate aria-label={t('id.heading')}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('id.heading')}
        </Title>
        <TextField
          control={control}
          name="id_no"
          label={t('id.idNumber')}
          autoComplete="off"
          clearable
        />
        <Text size="xs" c="dimmed" mt={-8}>
          {t('id.idHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={control}
            name="id_front_url"
            render={({ field, fieldState }) => (
              <IdImageUpload
                side="front"
                label={t('id.front')}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="id_back_url"
            render={({ field, fieldState }) => (
              <IdImageUpload
                side="back"
                label={t('id.back')}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('id.hint')}
        </Text>
        <Group grow>
          <Button variant="default" onClick={() => onBack(getValues())} disabled={submitting}>
            {t('base.back')}
          </Button>
          <LoadingButton type="submit" loading={submitting}>
            {t('id.submit')}
          </LoadingButton>
        </Group>
      </Stack>
    </form>
  );
}
