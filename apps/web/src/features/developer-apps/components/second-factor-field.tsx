import { Alert, Anchor, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Link } from 'react-router';
import { TextInputField } from '../../../components/form-fields';
import { PinField } from '../../../components/pin-field';
import { useTranslation } from '../../../lib/i18n';
import { totpStatusQuery } from '../../../lib/totp-status';
import { useDeveloperAppsTranslation } from '../i18n';
import { appFactorOf, type TAppFactor, type TFactorTyped } from './second-factor';

/** The factor this client owes; undefined while their 2FA status is on its way. */
export function useAppFactor(): TAppFactor | undefined {
  const status = useQuery(totpStatusQuery());
  // Status unknown after an error: the PIN, and the server answers what it owes instead.
  if (status.isError) return 'pin';
  return status.data ? appFactorOf(status.data) : undefined;
}

/** While the factor is not known yet: the forms wait for it rather than guess. */
export function FactorLoading() {
  const { t } = useTranslation();
  return <Loader size="sm" role="status" aria-label={t('loading')} />;
}

/** The firm requires 2FA and it is off: where to turn it on, in place of the field. */
export function EnrolFirstNotice() {
  const { t } = useDeveloperAppsTranslation();
  return (
    <Alert color="yellow" data-testid="api-app-enrol-first">
      {t('factor.enrolFirst')}{' '}
      <Anchor component={Link} to="/me/security">
        {t('factor.security')}
      </Anchor>
    </Alert>
  );
}

/** The PIN, or the authenticator code (or a recovery code) when the client's 2FA is on. */
export function SecondFactorField<T extends FieldValues & TFactorTyped, TOut>({
  factor,
  control,
  pinLabel,
  codeLabel,
  testId,
  disabled,
}: {
  factor: 'totp' | 'pin';
  control: Control<T, unknown, TOut>;
  pinLabel: string;
  codeLabel: string;
  testId: string;
  disabled: boolean;
}) {
  const { t } = useDeveloperAppsTranslation();
  if (factor === 'pin')
    return (
      <PinField
        control={control}
        name={'pin' as FieldPath<T>}
        label={pinLabel}
        testId={testId}
        disabled={disabled}
      />
    );
  return (
    <TextInputField
      control={control}
      name={'totp_code' as FieldPath<T>}
      label={codeLabel}
      description={t('factor.codeHint')}
      autoComplete="one-time-code"
      maxLength={20}
      disabled={disabled}
      data-testid={`${testId}-code`}
      required
    />
  );
}
