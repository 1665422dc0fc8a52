import { MIN_AGE, ZKycBaseForm, type TKycBaseForm } from '@sampada/shared';
import { Button, Group } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/form-fields';
import { useKycTranslation } from '../i18n';
import { StepForm } from './step-form';
import { DateInputField } from '../../../components/date-field';

/** Latest date of birth that is 18 today, as YYYY-MM-DD (the date picker's upper bound). */
export function latestAdultDob(today = new Date()): string {
  const date = new Date(
    Date.UTC(today.getUTCFullYear() - MIN_AGE, today.getUTCMonth(), today.getUTCDate()),
  );
  return date.toISOString().slice(0, 10);
}

export interface TKycBaseValues {
  full_name: string;
  mobile: string;
  dob: string;
}

/** Step 1: full name, optional phone, date of birth (spec §5 KYC basic info). */
export function BaseInfoStep({
  defaultValues,
  onBack,
  onNext,
}: {
  defaultValues: TKycBaseValues;
  onBack: (values: TKycBaseValues) => void;
  onNext: (values: TKycBaseValues) => void;
}) {
  const { t } = useKycTranslation();
  const { control, handleSubmit, getValues } = useForm({
    resolver: zodResolver(ZKycBaseForm),
    defaultValues: defaultValues satisfies TKycBaseForm,
  });
  const submit = handleSubmit((values) =>
    onNext({ full_name: values.full_name, mobile: values.mobile ?? '', dob: values.dob }),
  );
  return (
    <StepForm heading={t('base.heading')} onSubmit={submit}>
      <TextField
        control={control}
        name="full_name"
        label={t('base.fullName')}
        trim="edges"
        autoComplete="name"
      />
      <TextField
        control={control}
        name="mobile"
        label={t('base.mobile')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        clearable
      />
      <DateInputField
        control={control}
        name="dob"
        label={t('base.dob')}
        // No min or max on the field: a year before 1900 or an age under 18 gets the
        // schema's own message rather than being silently refused while typing.
        defaultDate={`${Number(latestAdultDob().slice(0, 4)) - 12}-01-01`}
        autoComplete="bday"
      />
      <Group grow>
        <Button variant="default" onClick={() => onBack(getValues() as TKycBaseValues)}>
          {t('base.back')}
        </Button>
        <Button type="submit">{t('base.next')}</Button>
      </Group>
    </StepForm>
  );
}
