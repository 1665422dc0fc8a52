import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Checkbox,
  Code,
  CopyButton,
  Image,
  Paper,
  PasswordInput,
  SimpleGrid,
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
import { useState, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useSignIn, useVerifySecondFactor } from '../api/sign-in';
import { bindField } from '../../../lib/forms';

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
        <Stack>
          <Text fw={600}>Set up your authenticator</Text>
          <Text size="sm">
            Every console sign-in needs a code from an authenticator app (Google Authenticator,
            Microsoft Authenticator, 1Password…). Scan the QR code, or type the key by hand.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Center>
              <Image
                src={enrolment.qr_data_url}
                alt="QR code for your authenticator app"
                w={200}
                h={200}
              />
            </Center>
            <Stack gap="xs">
              <Text size="sm" fw={500}>
                Key
              </Text>
              <Code data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
                {enrolment.secret}
              </Code>
              <Text size="sm" fw={500} mt="sm">
                Recovery codes — each works once if you lose your phone. They are shown only now.
              </Text>
              <Code block data-testid="recovery-codes">
                {enrolment.recovery_codes.join('\n')}
              </Code>
              <CopyButton value={enrolment.recovery_codes.join('\n')}>
                {({ copied, copy }) => (
                  <Button variant="light" size="xs" onClick={copy}>
                    {copied ? 'Copied' : 'Copy recovery codes'}
                  </Button>
                )}
              </CopyButton>
            </Stack>
          </SimpleGrid>
          <Checkbox
            label="I have saved my recovery codes somewhere safe"
            checked={saved}
            onChange={(e) => setSaved(e.currentTarget.checked)}
          />
        </Stack>
      ) : null}

      {useRecovery && !enrolment ? (
        <form onSubmit={submitRecovery} noValidate>
          <Stack>
            <TextInput
              label="Recovery code"
              placeholder="ABCD-EFGH"
              autoComplete="off"
              {...bindField(recoveryForm, 'recovery_code')}
            />
            <Button type="submit" loading={verify.isPending}>
              Sign in
            </Button>
          </Stack>
        </form>
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
