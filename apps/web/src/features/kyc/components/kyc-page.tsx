import { Anchor, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { StepIndicator } from '../../../components/step-indicator';
import { DEFAULT_LANDING } from '../../../config/paths';
import { isKycApproved, logout, useProfile } from '../../../lib/auth';
import { useAppName } from '../../../lib/system-settings';
import { useSubmitKyc } from '../api/submit-kyc';
import { useKycTranslation } from '../i18n';
import { AgreementStep } from './agreement-step';
import { BaseInfoStep, type TKycBaseValues } from './base-info-step';
import { IdStep, type TKycIdValues } from './id-step';
import { StatusStep } from './status-step';

export const KYC_STEPS = { agreement: 0, baseInfo: 1, idUpload: 2, status: 3 } as const;

/** Pending or rejected clients jump straight to Status; others start at the Agreement (spec §4). */
export const initialKycStep = (status: string | undefined) =>
  status === 'pending' || status === 'rejected' ? KYC_STEPS.status : KYC_STEPS.agreement;

const NO_ID_VALUES: TKycIdValues = { id_no: '', id_front_url: '', id_back_url: '' };

/** The firm's name, the page's title and subtitle, and a way to log out. */
function KycHeading() {
  const { t } = useKycTranslation();
  const appName = useAppName();
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <Stack gap={4} miw={0}>
        <Text size="sm" c="teal" fw={700}>
          {appName}
        </Text>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('subtitle')}
        </Text>
      </Stack>
      <Anchor
        component="button"
        type="button"
        size="sm"
        style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        onClick={() => void logout()}
      >
        {t('logout')}
      </Anchor>
    </Group>
  );
}

/** /kyc: the four-step identity verification of spec §2. */
export function KycPage() {
  const { t } = useKycTranslation();
  const navigate = useNavigate();
  const profile = useProfile();
  const submit = useSubmitKyc();
  const status = profile.data?.kycStatus ?? 'unverified';
  const [step, setStep] = useState<number>(() => initialKycStep(profile.data?.kycStatus));
  const [base, setBase] = useState<TKycBaseValues>({
    full_name: '',
    mobile: profile.data?.username ?? '',
    dob: '',
  });
  const [idValues, setIdValues] = useState<TKycIdValues>(NO_ID_VALUES);

  const submitAll = async (values: TKycIdValues) => {
    setIdValues(values);
    try {
      await submit.mutateAsync({ ...base, mobile: base.mobile || undefined, ...values });
      setStep(KYC_STEPS.status);
    } catch {
      // The HTTP client showed the server's message; the form stays for another try.
    }
  };

  const checkStatus = async () => {
    const { data } = await profile.refetch();
    if (isKycApproved(data?.kycStatus)) await navigate(DEFAULT_LANDING, { replace: true });
  };

  const steps = [
    { label: t('steps.agreement') },
    { label: t('steps.baseInfo') },
    { label: t('steps.idUpload') },
    { label: t('steps.status') },
  ];

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} component="main">
      <Stack gap="lg">
        <KycHeading />
        <StepIndicator active={step} steps={steps} />
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          {step === KYC_STEPS.agreement && (
            <AgreementStep
              onAgree={() => setStep(KYC_STEPS.baseInfo)}
              onDisagree={() => void logout()}
            />
          )}
          {step === KYC_STEPS.baseInfo && (
            <BaseInfoStep
              defaultValues={base}
              onBack={(values) => {
                setBase(values);
                setStep(KYC_STEPS.agreement);
              }}
              onNext={(values) => {
                setBase(values);
                setStep(KYC_STEPS.idUpload);
              }}
            />
          )}
          {step === KYC_STEPS.idUpload && (
            <IdStep
              defaultValues={idValues}
              submitting={submit.isPending}
              onBack={(values) => {
                setIdValues(values);
                setStep(KYC_STEPS.baseInfo);
              }}
              onSubmit={(values) => void submitAll(values)}
            />
          )}
          {step === KYC_STEPS.status && (
            <StatusStep
              status={status}
              checking={profile.isFetching}
              onCheck={() => void checkStatus()}
              onLogout={() => void logout()}
            />
          )}
        </Paper>
      </Stack>
    </Container>
  );
}
