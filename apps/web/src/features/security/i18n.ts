import { featureTranslations } from '../../lib/i18n';

/** The security namespace's strings: the spec's wording, and the shape of every translation. */
export const securityEnUS = {
  twoFactor: {
    title: 'Two-step verification',
    on: 'On',
    off: 'Off',
    offText:
      'Add a second step to signing in: after your password, a 6-digit code from an authenticator app on your phone. Someone who learns your password still cannot sign in.',
    onText:
      'Signing in asks for a code from your authenticator app after your password. {{left}} of 10 recovery codes left.',
    requiredText: 'Your broker requires two-step verification for every client.',
    resetNotice:
      'Our staff turned off your two-step verification on {{time}}, as asked for a lost phone. If you did not ask for this, contact support and change your password now.',
    turnOn: 'Turn on',
    turnOff: 'Turn off',
    newCodes: 'New recovery codes',
    cancel: 'Cancel',
    passwordStep: 'Enter your password to continue.',
    password: 'Password',
    continue: 'Continue',
    confirm: 'Confirm and turn on',
    offStep: 'Enter a code from your authenticator app (or a recovery code) to turn it off.',
    renewStep:
      'Enter a code from your authenticator app to get 10 new recovery codes. The old ones will stop working.',
    renew: 'Get new codes',
    turnedOn: 'Two-step verification is on.',
    turnedOff: 'Two-step verification is off.',
    renewed: 'New recovery codes are ready. The old ones no longer work.',
  },
  sessions: {
    title: 'Devices and sessions',
    text: 'Where your account is signed in now. Sign out any device you do not recognise, then change your password.',
    unknownDevice: 'Unknown device',
    thisDevice: 'This device',
    ip: 'IP address {{ip}}',
    unknownPlace: 'Unknown place',
    placesBy: 'IP places by DB-IP',
    lastActive: 'Last active {{time}}',
    signedIn: 'Signed in {{time}}',
    signOut: 'Sign out',
    signOutOne: 'Sign out {{device}}',
    signOutOthers: 'Sign out all other devices',
    confirmOne: 'Sign out {{device}}? It will need your password (and code) to sign in again.',
    confirmOthers:
      'Sign out every device except this one? They will need your password (and code) to sign in again.',
    endedOne: 'Signed out on that device.',
    endedOthers: 'Signed out on {{count}} other device(s).',
    empty: 'No other device is signed in.',
  },
};

export const useSecurityTranslation = featureTranslations('security', securityEnUS, {
  'hi-IN': () => import('./hi-IN'),
});
