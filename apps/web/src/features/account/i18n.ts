import { registerTranslations, useTranslation } from '../../lib/i18n';

const enUS = {
  drawer: {
    title: 'My account',
    noUsername: 'No username yet',
    uid: 'UID',
    vip: 'VIP {{level}}',
    score: 'Score',
    scoreValue: '{{score}} / 100',
    deposit: 'Deposit',
    withdraw: 'Withdraw',
    profile: 'Profile',
    updateAvatar: 'Update Avatar',
    viewKyc: 'View KYC',
    security: 'Security',
    setPin: 'Set PIN',
    changePin: 'Change PIN',
    changePassword: 'Change Password',
    bankAccounts: 'Bank Accounts',
    customerService: 'Customer Service',
    logout: 'Logout',
    version: 'Version {{version}}',
  },
  avatar: {
    title: 'Update Avatar',
    choose: 'Choose image',
    noFile: 'No file chosen',
    existing: 'Existing Avatar',
    preview: 'Avatar Preview',
    upload: 'Upload Avatar',
    uploading: 'Uploading...',
    zoom: 'Zoom',
    cropHint: 'Drag to position, pinch or scroll to zoom.',
  },
  viewKyc: {
    title: 'View KYC',
    personalInfo: 'Personal Information',
    fullName: 'Full Name',
    idNumber: 'ID Number',
    mobile: 'Mobile',
    submittedOn: 'Submitted On',
    approvedOn: 'Approved On',
    idFront: 'ID Front',
    idBack: 'ID Back',
    noticeTitle: 'Confidentiality Notice',
    notice:
      'Your KYC data is strictly confidential. It is stored securely under regulatory and internal data-protection policies and is not disclosed to third parties without your explicit consent, except where the law or a regulator requires it.',
    notSubmitted: 'You have not submitted your KYC yet.',
    notYet: '—',
  },
  pin: {
    title: 'Set PIN',
    verifyStep: 'Verify password',
    pinStep: 'Set PIN',
    password: 'Current password',
    next: 'Next',
    pinLabel: 'Enter a 6-digit PIN',
    pinHint: 'You will use this PIN to confirm withdrawals and changes to your bank accounts.',
    confirm: 'Confirm',
  },
  changePassword: {
    title: 'Change Password',
    current: 'Current password',
    new: 'New password',
    confirm: 'Confirm new password',
    submit: 'Change Password',
    hint: 'After the change you will be signed out on every device and asked to sign in again.',
  },
};

registerTranslations('account', { 'en-US': enUS });

export const useAccountTranslation = () => useTranslation('account');
