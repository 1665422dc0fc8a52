import { featureTranslations } from '../../lib/i18n';

/** The two-factor namespace's strings: the spec's wording, and the shape of every translation. */
export const twoFactorEnUS = {
  code: 'Authentication code',
  codeHint: 'The 6-digit code from your authenticator app, or one of your recovery codes.',
  totpHint: 'The 6-digit code your authenticator app shows now.',
  setup: {
    title: 'Set up your authenticator',
    scan: 'Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, Authy…), or type the key into it.',
    qrAlt: 'QR code for your authenticator app',
    key: 'Key',
    keyLabel: 'the key',
  },
  recovery: {
    title: 'Your recovery codes',
    hint: 'Each code signs you in once if you lose your phone. They are shown only now: write them down or keep them in a password manager.',
    copyLabel: 'the recovery codes',
    saved: 'I have saved my recovery codes somewhere safe',
    done: 'Continue',
  },
};

/** The second factor's pieces, shared by the sign-in step and the Security screen (issue 32). */
export const useTwoFactorTranslation = featureTranslations('two-factor', twoFactorEnUS, {
  'hi-IN': () => import('./hi-IN'),
});
