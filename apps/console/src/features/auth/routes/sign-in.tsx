import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type TSignInChallenge,
  type TStaffSignInForm,
  ZRecoveryCodeForm,
  ZStaffCodeForm,
  ZStaffSignInForm,
} from '@sampada/shared';
import { type FormEventHandler, useState, useEffect } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useSignIn, useVerifySecondFactor } from '../api/sign-in';
import { bindField } from '../../../lib/forms';
import { AuthenticatorEnrolment } from './authenticator-enrolment';

export function SignInPage() {
  useEffect(() => {
    document.title = 'Sign in · Sampada Console';
  }, []);
  const current = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [challenge, setChallenge] = useState<TSignInChallenge | null>(null);
  const from = (location.state as { from?: string } | null)?.from ?? paths.dashboard;
  if (current) return <Navigate to={from} replace />;

  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper
        withBorder
        shadow="sm"
        p="xl"
        radius="md"
        w={challenge?.step === 'enrol' ? 640 : 420}
        maw="100%"
      >
        <Stack gap="lg">
          <div>
            <Title order={1} size="h2">
              Sampada Console
            </Title>
            <Text c="dimmed" size="sm">
              Staff sign-in
            </Text>
          </div>
          {!challenge ? (
            <CredentialsStep onChallenge={setChallenge} />
          ) : (
            <SecondFactorStep
              challenge={challenge}
              onRestart={() => setChallenge(null)}
              onDone={() => navigate(from, { replace: true })}
            />
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

function CredentialsStep({ onChallenge }: { onChallenge: (c: TSignInChallenge) => void }) {
  const signIn = useSignIn();
  const form = useForm<TStaffSignInForm>({
    resolver: zodResolver(ZStaffSignInForm),
    defaultValues: { email: '', password: '' },
  });
  const submit = form.handleSubmit((values) => signIn.mutate(values, { onSuccess: onChallenge }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {signIn.error ? <Alert color="red">{signIn.error.message}</Alert> : null}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          {...bindField(form, 'email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          {...bindField(form, 'password')}
        />
        <Button type="submit" loading={signIn.isPending}>
          Continue
        </Button>
      </Stack>
    </form>
  );
}

export function SecondFactorStep({
  challenge,
  onRestart,
  onDone,
}: {
  challenge: TSignInChallenge;
  onRestart: () => void;
  onDone: () => void;
}) {
  const verify = useVerifySecondFactor();
  const [useRecovery, setUseRecovery] = useState(false);
  const [saved, setSaved] = useState(false);
  const codeForm = useForm<{ code: string }>({
    resolver: zodResolver(ZStaffCodeForm),
    defaultValues: { code: '' },
  });
  const recoveryForm = useForm<{ recovery_code: string }>({
    resolver: zodResolver(ZRecoveryCodeForm),
    defaultValues: { recovery_code: '' },
  });
  const enrolment = challenge.enrolment;
  const token = challenge.challenge_token;
  const expired = verify.error?.message.startsWith('Your sign-in took too long');

  const submitCode = codeForm.handleSubmit(({ code }) =>
    verify.mutate({ challenge_token: token, code }, { onSuccess: onDone }),
  );
  const submitRecovery = recoveryForm.handleSubmit(({ recovery_code }) =>
    verify.mutate({ challenge_token: token, recovery_code }, { onSuccess: onDone }),
  );

  return (
    <Stack>
      {verify.error ? (
        <Alert color="red">
          {verify.error.message}{' '}
          {expired ? (
            <Anchor component="button" onClick={onRestart}>
              Start again
            </Anchor>
          ) : null}
        </Alert>
      ) : null}
      {enrolment ? (
        <AuthenticatorEnrolment enrolment={enrolment} saved={saved} onSaved={setSaved} />
      ) : null}

      {useRecovery && !enrolment ? (
        <RecoveryCodeForm
          form={recoveryForm}
          onSubmit={submitRecovery}
          loading={verify.isPending}
        />
      ) : (
        <form onSubmit={submitCode} noValidate>
          <Stack>
            <TextInput
              label="Authentication code"
              description="The 6-digit code your authenticator app shows now"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              autoFocus
              {...bindField(codeForm, 'code')}
            />
            <Button type="submit" loading={verify.isPending} disabled={!!enrolment && !saved}>
              {enrolment ? 'Confirm and sign in' : 'Sign in'}
            </Button>
          </Stack>
        </form>
      )}
      {!enrolment ? (
        <Anchor component="button" size="sm" onClick={() => setUseRecovery((v) => !v)}>
          {useRecovery ? 'Use a code from my authenticator' : 'Use a recovery code instead'}
        </Anchor>
      ) : null}
      <Anchor component="button" size="sm" c="dimmed" onClick={onRestart}>
        Sign in as someone else
      </Anchor>
    </Stack>
  );
}

/** Signing in with a recovery code instead of the authenticator's code. */
function RecoveryCodeForm({
  form,
  onSubmit,
  loading,
}: {
  form: UseFormReturn<{ recovery_code: string }>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  loading: boolean;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <TextInput
          label="Recovery code"
          placeholder="ABCD-EFGH"
          autoComplete="off"
          {...bindField(form, 'recovery_code')}
        />
        <Button type="submit" loading={loading}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
