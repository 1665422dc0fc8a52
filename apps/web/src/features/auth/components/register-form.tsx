import { ZRegisterForm } from '@sampada/shared';
import { Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { MobileField, NewPasswordFields, TextField } from '../../../components/form-fields';
import { LoadingButton } from '../../../components/loading-button';
import { paths } from '../../../config/paths';
import type { TChallengeOutcome } from '../api/login';
import { useRegister } from '../api/register';
import { useAuthTranslation } from '../i18n';

/**
 * Sign-up: mobile, password, confirmation and invitation code (spec §5 Registration). While
 * the firm requires 2FA the server answers its enrolment challenge: `onChallenge` shows it.
 */
export function RegisterForm({
  onDone,
  onChallenge,
}: {
  onDone: () => void;
  onChallenge: (outcome: TChallengeOutcome) => void;
}) {
  const { t } = useAuthTranslation();
  const navigate = useNavigate();
  const register = useRegister();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(ZRegisterForm),
    defaultValues: { mobile: '', password: '', confirmPassword: '', invitationCode: '' },
  });
  // A new client starts with KYC (after enrolling, when the firm requires 2FA).
  const submit = handleSubmit((values) =>
    register.mutate(values, {
      onSuccess: (outcome) => {
        onDone();
        if (outcome.kind === 'challenge') onChallenge(outcome);
        else void navigate(paths.kyc, { replace: true });
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('register.title')}>
      <Stack gap="md">
        <MobileField control={control} name="mobile" label={t('mobile')} />
        <NewPasswordFields
          control={control}
          names={['password', 'confirmPassword']}
          labels={[t('password'), t('register.confirmPassword')]}
        />
        <TextField
          control={control}
          name="invitationCode"
          label={t('register.invitationCode')}
          autoComplete="off"
          clearable
        />
        <Text size="xs" c="dimmed">
          {t('register.inviteHint')}
        </Text>
        <LoadingButton type="submit" fullWidth loading={register.isPending}>
          {t('register.submit')}
        </LoadingButton>
      </Stack>
    </form>
  );
}
