import { featureTranslations } from '../../lib/i18n';

export const useAuthTranslation = featureTranslations('auth', {
  welcome: 'Welcome to {{appName}}',
  subtitle: 'Sign in to follow your investments and manage your wealth.',
  mobile: 'Mobile number',
  password: 'Password',
  remember: 'Remember Me',
  forgot: "I forgot password or can't sign in",
  signIn: 'Sign in',
  signUp: 'Sign up your account now!',
  footer: {
    about: 'About Us',
    privacy: 'Privacy',
    cookie: 'Cookie Policy',
    rights: '© {{year}} {{appName}}. Investments in securities are subject to market risks.',
  },
  locale: {
    country: 'Country or region',
    timezone: 'Timezone',
    time: 'Current time',
    utc: 'UTC',
  },
  incognito:
    'You are in a private window: you will be signed out when it closes, even with Remember Me.',
  register: {
    title: 'Create your account',
    invitationCode: 'Invitation code',
    confirmPassword: 'Confirm password',
    inviteHint: 'Your advisor gives you an invitation code.',
    submit: 'Sign up',
  },
  forgotPassword: {
    title: 'Reset your password',
    verifyStep: 'Verify',
    resetStep: 'Set new password',
    code: 'Verification code',
    codeHint: 'Your advisor gives you a 6-digit code.',
    verify: 'Verify',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    submit: 'Reset password',
    back: 'Back',
  },
});
