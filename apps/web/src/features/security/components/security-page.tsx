import { Stack } from '@mantine/core';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';

/** /me/security: two-step verification and the devices signed in (issue 32). */
export function SecurityPage() {
  return (
    <Stack gap="lg" data-testid="security-page">
      <TwoFactorSection />
      <SessionsSection />
    </Stack>
  );
}
