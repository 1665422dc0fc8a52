import { PHONE_CODE } from '@sampada/shared';
import { Anchor, Group, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { CheckboxField, PasswordField, TextField } from '../../../components/form-fields';
import { LoadingButton } from '../../../components/loading-button';
import { DEFAULT_LANDING } from '../../../config/paths';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { type TChallengeOutcome, useLogin } from '../api/login';
import { useAuthTranslation } from '../i18n';

const checks = lazyResolver(() => import('./login-resolver').then((m) => m.loginResolver));

export interface LoginFormProps {
  onForgotPassword: () => void;
  onSignUp: () => void;
  /** The password was right and a second factor is owed: the page shows its step. */
  onChallenge: (outcome: TChallengeOutcome) => void;
}

/** Mobile and password, Remember Me, and the two links of spec §2 "Login page". */
export function LoginForm({ onForgotPassword, onSignUp, onChallenge }: LoginFormProps) {
  const { t } = useAuthTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const { control, handleSubmit } = useForm({
    resolver: checks.resolver,
    defaultValues: { username: '', password: '', remember: false },
  });

  // A failure is logged by the mutation and the page stays (spec §8). The layout guard sends
  // a client whose KYC is not approved on to /kyc.
  const submit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (outcome) => {
        if (outcome.kind === 'challenge') onChallenge(outcome);
        else void navigate(DEFAULT_LANDING, { replace: true });
      },
    }),
  );

  return (
    <form onSubmit={submit} onFocus={checks.preload} noValidate aria-label={t('signIn')}>
      <Stack gap="md">
        <TextField
          control={control}
          name="username"
          label={t('mobile')}
          type="tel"
          prefix={PHONE_CODE}
          inputMode="numeric"
          autoComplete="username"
          clearable
        />
        <PasswordField
          control={control}
          name="password"
          label={t('password')}
          autoComplete="current-password"
        />
        <Group justify="space-between" gap="xs">
          <CheckboxField control={control} name="remember" label={t('remember')} />
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword} ta="right">
            {t('forgot')}
          </Anchor>
        </Group>
        <LoadingButton type="submit" fullWidth size="md" loading={login.isPending}>
          {t('signIn')}
        </LoadingButton>
        <Anchor component="button" type="button" size="sm" ta="center" onClick={onSignUp}>
          {t('signUp')}
        </Anchor>
      </Stack>
    </form>
  );
}
