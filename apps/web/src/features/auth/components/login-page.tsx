import {
  Anchor,
  Box,
  Center,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../../components/language-switch';
import { openModal, closeModal } from '../../../components/modals';
import { paths } from '../../../config/paths';
import { useAppSettings } from '../../../lib/app-settings';
import { forgetPendingChallenge } from '../../../lib/session';
import { useAppName, useSystemSettings } from '../../../lib/system-settings';
import { pendingOutcome, type TChallengeOutcome } from '../api/login';
import { useAuthTranslation } from '../i18n';
import { LocaleBar } from './locale-bar';
import { LoginForm } from './login-form';

// Sign-up and forgot password open in modals: their forms load when the modal opens.
const RegisterForm = lazy(() =>
  import('./register-form').then((m) => ({ default: m.RegisterForm })),
);
const ForgotPasswordForm = lazy(() =>
  import('./forgot-password-form').then((m) => ({ default: m.ForgotPasswordForm })),
);
// Only a client with a second factor (or owing one) needs its step: it loads when asked for.
const TwoFactorStep = lazy(() =>
  import('./two-factor-step').then((m) => ({ default: m.TwoFactorStep })),
);

const withSuspense = (node: ReactNode) => (
  <Suspense
    fallback={
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    }
  >
    {node}
  </Suspense>
);

const REGISTER_MODAL = 'register';
const FORGOT_MODAL = 'forgot-password';

/** The links to the static pages, the regulatory line and the rights. */
function LoginFooter({ appName, regulatoryLine }: { appName: string; regulatoryLine?: string }) {
  const { t } = useAuthTranslation();
  return (
    <Box component="footer">
      <Group justify="center" gap="md">
        <Anchor component={Link} to={paths.about} size="sm">
          {t('footer.about')}
        </Anchor>
        <Anchor component={Link} to={paths.privacy} size="sm">
          {t('footer.privacy')}
        </Anchor>
        <Anchor component={Link} to={paths.cookie} size="sm">
          {t('footer.cookie')}
        </Anchor>
      </Group>
      {regulatoryLine && (
        <Text size="xs" c="dimmed" ta="center" mt="xs">
          {regulatoryLine}
        </Text>
      )}
      <Text size="xs" c="dimmed" ta="center" mt="xs">
        {t('footer.rights', { year: new Date().getFullYear(), appName })}
      </Text>
    </Box>
  );
}

/** /login: sign in, with the entries to sign-up and forgot password (spec §2 "Login page"). */
export function LoginPage() {
  const { t } = useAuthTranslation();
  const appName = useAppName();
  const { incognito } = useAppSettings();
  const regulatoryLine = useSystemSettings().data?.regulatory_line;
  // A second factor owed after the password or a sign-up, or one a refresh answered before
  // the reload here (the firm requires 2FA and this client has none yet).
  // It is forgotten when answered (signed in) or left (Back), not when this page mounts: the
  // app can render /login once before the reload to /login, and that first mount must not
  // take the challenge from the page the client then sees.
  const [challenge, setChallenge] = useState<TChallengeOutcome | undefined>(pendingOutcome);
  const leaveChallenge = () => {
    forgetPendingChallenge();
    setChallenge(undefined);
  };

  const openRegister = () =>
    openModal({
      id: REGISTER_MODAL,
      title: t('register.title'),
      hold: true,
      children: withSuspense(
        <RegisterForm onDone={() => closeModal(REGISTER_MODAL)} onChallenge={setChallenge} />,
      ),
    });
  const openForgot = () =>
    openModal({
      id: FORGOT_MODAL,
      title: t('forgotPassword.title'),
      hold: true,
      children: withSuspense(<ForgotPasswordForm onDone={() => closeModal(FORGOT_MODAL)} />),
    });

  return (
    <Center mih="100dvh" p="md" bg="var(--sampada-page-bg)">
      <Stack w="100%" maw={420} gap="lg">
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="lg">
            <Group justify="flex-end">
              <LanguageSwitch size="xs" />
            </Group>
            <Stack gap={4} align="center" ta="center">
              <img src="/favicon.svg" alt="" width={48} height={48} />
              <Title order={1} size="h2">
                {t('welcome', { appName })}
              </Title>
              <Text c="dimmed" size="sm">
                {t('subtitle')}
              </Text>
            </Stack>
            {challenge ? (
              withSuspense(<TwoFactorStep outcome={challenge} onBack={leaveChallenge} />)
            ) : (
              <LoginForm
                onForgotPassword={openForgot}
                onSignUp={openRegister}
                onChallenge={setChallenge}
              />
            )}
            {incognito && (
              <Text size="xs" c="orange.8" ta="center">
                {t('incognito')}
              </Text>
            )}
            <Divider />
            <LocaleBar />
          </Stack>
        </Paper>
        <LoginFooter appName={appName} regulatoryLine={regulatoryLine} />
      </Stack>
    </Center>
  );
}
