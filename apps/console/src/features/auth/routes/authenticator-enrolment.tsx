import {
  Button,
  Center,
  Checkbox,
  Code,
  CopyButton,
  Image,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import type { TSignInChallenge } from '@sampada/shared';

/** First sign-in: the authenticator's QR code and key, and the recovery codes, shown once. */
export function AuthenticatorEnrolment({
  enrolment,
  saved,
  onSaved,
}: {
  enrolment: NonNullable<TSignInChallenge['enrolment']>;
  saved: boolean;
  onSaved: (saved: boolean) => void;
}) {
  return (
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
        onChange={(e) => onSaved(e.currentTarget.checked)}
      />
    </Stack>
  );
}
