/**
 * What Home's greeting calls the client: the KYC name, else the username (the mobile), once
 * their KYC is approved (the client who lands on Home); null before. Self-contained on purpose
 * (no imports, plain JavaScript inside): the build inlines its source into the boot script
 * (scripts/vite-prerender.ts), which greets a signed-in device from client_info before the
 * app's scripts arrive, so the app and the boot script cannot call the client different names.
 */
export function greetingNameOf(profile: {
  name?: string | null;
  username?: string | null;
  kycStatus?: unknown;
}): string | null {
  if (profile.kycStatus !== 'approved') return null;
  return profile.name || profile.username || null;
}
