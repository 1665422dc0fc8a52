import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CodeForm } from '../../../components/two-factor/code-form';
import { RecoveryCodes } from '../../../components/two-factor/recovery-codes';
import { TotpSetup } from '../../../components/two-factor/totp-setup';
import { DEFAULT_LANDING } from '../../../config/paths';
import { type TChallengeOutcome, useVerifyLogin } from '../api/login';
import { useAuthTranslation } from '../i18n';

/**
 * Sign-in's second step (issue 32): the password was right, now a TOTP or a recovery code.
 * When the firm requires 2FA and the client has none (after the password, a sign-up or a
 * refresh), the step first shows the new secret to scan; the first code turns it on, and the
 * recovery codes are shown once before going on.
 */
export function TwoFactorStep({
  outcome,
  onBack,
}: {
  outcome: TChallengeOutcome;
  onBack: () => void;
}) {
  const { t } = useAuthTranslation();
  const navigate = useNavigate();
  const verify = useVerifyLogin();
  const [codes, setCodes] = useState<string[]>();
  const { challenge, remember } = outcome;
  const enrolment = challenge.enrolment;
  const goIn = () => void navigate(DEFAULT_LANDING, { replace: true });

  if (codes) return <RecoveryCodes codes={codes} onDone={goIn} />;

  const submit = async (code: string) => {
    const recovery = await verify.mutateAsync({
      challengeToken: challenge.challenge_token,
      code,
      remember,
    });
    if (recovery?.length) setCodes(recovery);
    else goIn();
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="two-factor-title">
      <Stack gap={4}>
        <Title order={2} size="h4" id="two-factor-title">
          {t('twoFactor.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {enrolment ? t('twoFactor.required') : t('twoFactor.text')}
        </Text>
      </Stack>
      {enrolment && <TotpSetup enrolment={enrolment} />}
      <CodeForm submitLabel={t('twoFactor.verify')} onSubmit={submit} totpOnly={!!enrolment}>
        <Anchor component="button" type="button" size="sm" ta="center" onClick={onBack}>
          {t('twoFactor.back')}
        </Anchor>
      </CodeForm>
    </Stack>
  );
}
