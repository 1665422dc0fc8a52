import { featureTranslations } from '../../lib/i18n';

/** The auth namespace's strings: the spec's wording, and the shape of every translation. */
export const authEnUS = {
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
  twoFactor: {
    title: 'Two-step verification',
    text: 'Enter the code from your authenticator app to finish signing in. Lost your phone? Use one of your recovery codes.',
    required:
      'Your broker requires two-step verification. Set it up now: scan the code below, then enter the code your app shows.',
    verify: 'Verify and sign in',
    back: 'Sign in with another account',
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
};

export const useAuthTranslation = featureTranslations('auth', authEnUS, {
  'hi-IN': {
    welcome: '{{appName}} में आपका स्वागत है',
    subtitle: 'अपने निवेश पर नज़र रखने और अपनी संपत्ति सँभालने के लिए साइन इन करें।',
    mobile: 'मोबाइल नंबर',
    password: 'पासवर्ड',
    remember: 'मुझे याद रखें',
    forgot: 'मैं पासवर्ड भूल गया या साइन इन नहीं कर पा रहा',
    signIn: 'साइन इन',
    signUp: 'अभी अपना खाता बनाएँ!',
    footer: {
      about: 'हमारे बारे में',
      privacy: 'गोपनीयता',
      cookie: 'कुकी नीति',
      rights: '© {{year}} {{appName}}। प्रतिभूतियों में निवेश बाज़ार जोखिमों के अधीन है।',
    },
    locale: {
      country: 'देश या क्षेत्र',
      timezone: 'समय क्षेत्र',
      time: 'वर्तमान समय',
      utc: 'UTC',
    },
    incognito: 'आप एक निजी विंडो में हैं: इसके बंद होते ही आप साइन आउट हो जाएँगे, "मुझे याद रखें" के साथ भी।',
    register: {
      title: 'अपना खाता बनाएँ',
      invitationCode: 'आमंत्रण कोड',
      confirmPassword: 'पासवर्ड की पुष्टि करें',
      inviteHint: 'आमंत्रण कोड आपके सलाहकार देते हैं।',
      submit: 'साइन अप',
    },
    twoFactor: {
      title: 'दो-चरणीय सत्यापन',
      text: 'साइन इन पूरा करने के लिए अपने ऑथेंटिकेटर ऐप का कोड डालें। फ़ोन खो गया? अपने किसी रिकवरी कोड का उपयोग करें।',
      required:
        'आपका ब्रोकर दो-चरणीय सत्यापन अनिवार्य करता है। इसे अभी सेट करें: नीचे दिया कोड स्कैन करें, फिर आपका ऐप जो कोड दिखाए वह डालें।',
      verify: 'सत्यापित करें और साइन इन करें',
      back: 'किसी दूसरे खाते से साइन इन करें',
    },
    forgotPassword: {
      title: 'अपना पासवर्ड रीसेट करें',
      verifyStep: 'सत्यापित करें',
      resetStep: 'नया पासवर्ड सेट करें',
      code: 'सत्यापन कोड',
      codeHint: '6 अंकों का कोड आपके सलाहकार देते हैं।',
      verify: 'सत्यापित करें',
      newPassword: 'नया पासवर्ड',
      confirmPassword: 'नए पासवर्ड की पुष्टि करें',
      submit: 'पासवर्ड रीसेट करें',
      back: 'वापस',
    },
  },
});
