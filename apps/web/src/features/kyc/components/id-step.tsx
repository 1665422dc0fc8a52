import { ZKycIdForm, type TKycIdForm } from '@sampada/shared';
import { Button, Group, SimpleGrid, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { TextField } from '../../../components/form-fields';
import { LoadingButton } from '../../../components/loading-button';
import { useKycTranslation } from '../i18n';
import { IdImageUpload } from './id-image-upload';
import { StepForm } from './step-form';

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
    <StepForm heading={t('id.heading')} onSubmit={submit}>
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
        {(['front', 'back'] as const).map((side) => (
          <Controller
            key={side}
            control={control}
            name={`id_${side}_url`}
            render={({ field, fieldState }) => (
              <IdImageUpload
                side={side}
                label={t(`id.${side}`)}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        ))}
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
    </StepForm>
  );
}
