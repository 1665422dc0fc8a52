import { featureTranslations } from '../../lib/i18n';

/** The kyc namespace's strings: the spec's wording, and the shape of every translation. */
export const kycEnUS = {
  title: 'Identity Verification',
  subtitle:
    'Indian law asks us to verify who you are before you invest. It takes about five minutes.',
  logout: 'Log out',
  steps: {
    agreement: 'Agreement',
    baseInfo: 'Basic Information',
    idUpload: 'ID Upload',
    status: 'Status',
  },
  agreement: {
    heading: 'KYC Agreement',
    scrollHint: 'Scroll down to read the whole agreement',
    accept: 'I have read and agree to the KYC Agreement',
    agree: 'Agree and Continue',
    disagree: "I don't agree",
    sections: [
      {
        heading: '1. Why we ask',
        paragraphs: [
          'Before we open an investment account for you, Indian law requires us to know who you are. The Prevention of Money-Laundering Act, 2002, its record-keeping rules and the KYC requirements of the Securities and Exchange Board of India (SEBI) oblige us to identify every client, to verify that identity with an officially valid document and to keep those records.',
        ],
      },
      {
        heading: '2. What you give us',
        paragraphs: [
          'Your full name as printed on your ID, your date of birth, optionally a phone number, your PAN or Aadhaar number and clear photographs of the front and back of that document.',
          'You confirm that the information and documents are your own, true, complete and unaltered, and you will tell us if any of them change. Giving false or someone else’s documents may lead us to close your account and to report it as the law requires.',
        ],
      },
      {
        heading: '3. How we use it',
        paragraphs: [
          'We use your KYC data only to verify your identity, to meet our legal and regulatory duties, to prevent fraud and to service your account. Your advisor and our operations team review your submission; you will see the result on this page.',
          'If you give us your Aadhaar number, we use it only for identification and we display it masked, with only the last four digits visible.',
        ],
      },
      {
        heading: '4. How we protect and keep it',
        paragraphs: [
          'ID numbers are encrypted at rest. ID images are re-encoded, stripped of location and camera data and stored outside any public location; they are opened only through short-lived signed links by you and by authorised staff.',
          'KYC data is strictly confidential. We do not disclose it to third parties without your explicit consent, except where a law, court or regulator requires it.',
          'We keep KYC records for between five and seven years after our relationship ends, as record-keeping rules require, and then delete them securely.',
        ],
      },
      {
        heading: '5. Your rights',
        paragraphs: [
          'You may ask to see the KYC record we hold, ask us to correct it, and withdraw this consent. Withdrawing consent means we can no longer keep your investment account open, because verification is a legal condition of it.',
          'By ticking the box below and choosing Agree and Continue you consent to this processing of your personal data under the Digital Personal Data Protection Act, 2023.',
        ],
      },
    ],
  },
  base: {
    heading: 'Basic Information',
    fullName: 'Full name (as on your ID)',
    mobile: 'Phone number (optional)',
    dob: 'Date of birth',
    next: 'Next',
    back: 'Back',
  },
  id: {
    heading: 'ID Upload',
    idNumber: 'PAN or Aadhaar number',
    idHint: 'PAN looks like ABCDE1234F; Aadhaar has 12 digits.',
    front: 'ID Front',
    back: 'ID Back',
    choose: 'Drop the image here or click to choose',
    replace: 'Choose another image',
    uploading: 'Uploading...',
    uploaded: 'Uploaded',
    hint: 'One image per side: JPG or PNG, smaller than 20MB.',
    submit: 'Submit',
  },
  status: {
    checkStatus: 'Check status',
    continue: 'Continue',
    supportHint: 'Customer service: {{phone}} · {{email}} ({{hours}})',
  },
};

export const useKycTranslation = featureTranslations('kyc', kycEnUS, {
  'hi-IN': () => import('./hi-IN'),
});
