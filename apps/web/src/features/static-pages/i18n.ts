import { featureTranslations } from '../../lib/i18n';

export interface TSection {
  heading: string;
  paragraphs: string[];
}

/** The static namespace's strings: the spec's wording, and the shape of every translation. */
export const staticEnUS = {
  home: 'Home',
  contact: 'Write to {{email}} or call {{phone}} ({{hours}}).',
  about: {
    title: 'About Us',
    lead: '{{appName}} is a wealth-management platform for investors in India. We help retail and high-net-worth clients invest in listed shares, block trades and IPOs, follow their portfolio and reach their advisor, from one account.',
    sections: [
      {
        heading: 'How we work',
        paragraphs: [
          'Every client joins through an advisor. Your advisor gives you an invitation code to open your account, answers your questions and reviews your identity documents together with our operations team.',
          'Prices on screen come only from the market-data feed, money moves only through balanced ledger entries, and every action our staff take on your account is recorded in an audit log you can ask about.',
        ],
      },
      {
        heading: 'Your identity and your money',
        paragraphs: [
          'Before you can trade or move funds we verify your identity (KYC) with your PAN or Aadhaar, as Indian anti-money-laundering rules require. Your documents are stored encrypted and shown only to you and to the staff who review them.',
          'Deposits and withdrawals go to and from bank accounts in your own name. Withdrawals need your 6-digit PIN.',
        ],
      },
      {
        heading: 'Risk',
        paragraphs: [
          'Investments in the securities market are subject to market risks. Read all related documents carefully before investing. Past performance does not guarantee future returns.',
        ],
      },
    ],
    versionHeading: 'Version',
    appVersion: 'Application version {{version}}',
    drawerVersion: 'Client version {{version}} (shown at the foot of the user menu)',
    versionNote:
      'Both numbers identify this release: the first is the build of the application, the second the reading shown in the user menu. Quote both when you contact support.',
  },
  privacy: {
    title: 'Privacy Policy',
    lead: 'This policy explains what personal data {{appName}} collects, why, how long we keep it and the rights you have under the Digital Personal Data Protection Act, 2023.',
    sections: [
      {
        heading: 'What we collect',
        paragraphs: [
          'Account data: your mobile number, a salted hash of your password and PIN (never the password itself), your profile name and avatar.',
          'Identity (KYC) data: full name, date of birth, PAN or Aadhaar number and photographs of both sides of your ID document.',
          'Activity data: orders, fund movements, bank accounts you add, support conversations, and technical records such as sign-in times and device type that keep your account secure.',
        ],
      },
      {
        heading: 'Why we use it',
        paragraphs: [
          'To open and run your account, to verify your identity as the Prevention of Money-Laundering Act, 2002 and SEBI KYC rules require, to execute and settle your instructions, to prevent fraud and to answer your questions.',
          'We do not sell your data and we do not use it for advertising.',
        ],
      },
      {
        heading: 'How we protect it',
        paragraphs: [
          'ID numbers are encrypted at rest and shown masked except for the last four characters. ID images are stored outside any public folder and are opened only through short-lived signed links, for you and for the staff reviewing your KYC.',
          'KYC data is strictly confidential and is not disclosed to third parties without your explicit consent, except where the law or a regulator requires it.',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          'Identity and transaction records are kept for between five and seven years after your account closes, as record-keeping rules for financial services require. Other data is deleted or anonymised when it is no longer needed.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'You may ask for a summary of the personal data we hold about you, ask us to correct or complete it, and ask us to erase data we are not required by law to keep. You may withdraw consent for processing that relies on it, and nominate someone to exercise your rights if you cannot.',
          'If you are not satisfied with our answer, you may complain to the Data Protection Board of India.',
        ],
      },
    ],
    contactHeading: 'Grievance contact',
  },
  cookie: {
    title: 'Cookie Policy',
    lead: '{{appName}} keeps only what the app needs to work. We use no advertising or third-party tracking cookies.',
    sections: [
      {
        heading: 'What we store in your browser',
        paragraphs: [
          'Sign-in tokens (sampada.auth): kept in local storage when you tick Remember Me, so you stay signed in on this device, and in session storage otherwise, so they are cleared when you close the tab.',
          'Your country and timezone (sampada.locale) and whether amounts are shown (sampada.showAssets), so the app looks the way you left it.',
          'A short-lived note (sampada.flash) that shows you why you were signed out, and the last page you opened (sampada.lastRoute) for the current tab only.',
        ],
      },
      {
        heading: 'Cookies',
        paragraphs: [
          'Requests to our servers are sent with credentials, so strictly necessary cookies set by our servers for security travel with them. They are not used to follow you across other websites.',
        ],
      },
      {
        heading: 'Your choices',
        paragraphs: [
          'Signing out clears the sign-in tokens. You can also clear this site’s data in your browser settings at any time; you will then need to sign in again. If your browser blocks storage entirely, the app cannot keep you signed in and will tell you so.',
        ],
      },
    ],
  },
  notFound: {
    code: '404',
    title: 'Page not found',
    text: 'The page you are looking for does not exist or has moved.',
  },
  notAvailable: {
    title: 'Not available for your account',
    text: 'Loans are not offered to your account yet. Your advisor can tell you when they will be, or write to us from Support.',
  },
};

export const useStaticTranslation = featureTranslations('static', staticEnUS, {
  'hi-IN': () => import('./hi-IN'),
});
