/**
 * Every user-facing message of the spec (client-app.md §5, §8), word for word.
 * Client and server import these; never retype one.
 */
/** The prefix of the spec's messages' codes (`app.passwordRequired`): see message-codes.ts. */
export const M_CODE_PREFIX = 'app';

export const M = {
  // §5 Login
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  // §5 Registration
  mobileRequired: 'Mobile number is required',
  mobileInvalid: 'Enter a valid 10-digit Indian mobile number',
  passwordMin: 'Minimum 6 characters',
  passwordsMustMatch: 'Passwords must match',
  confirmPasswordRequired: 'Please confirm password',
  inviteCodeRequired: 'Invitation code is required',
  // §5 Change password
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  newPasswordMin: 'Password must be at least 6 characters',
  confirmYourPassword: 'Please confirm your password',
  // §5 Forgot password
  verificationCodeRequired: 'Verification code is required',
  confirmPasswordShort: 'Confirm your password',
  // §5 KYC basic info
  fullNameRequired: 'Full name is required.',
  phoneInvalid: 'Phone number must be 10–15 digits.',
  dobRequired: 'Date of birth is required.',
  dobInvalid: 'Invalid date format.',
  dobTooOld: 'Invalid date format.',
  mustBeAdult: 'You must be at least 18 years old.',
  // §5 KYC ID
  onlyImages: 'Only image files are allowed.',
  imageTooLarge: 'Image must be smaller than 20MB.',
  // §8 Error catalogue
  unknownError: 'Unknown error occurred',
  requestFailed: 'Request failed.',
  tooManyAttempts: 'Too many failed attempts. Please login again.',
  sessionExpiredDash: 'Session expired — please login again.',
  tokenRefreshFailed: 'Token refresh failed — please login again.',
  sessionExpired: 'Session expired. Please log in again.',
  requestTimeout: 'Request timeout',
  networkError: 'Network error',
  stockRequestFailed: 'Request Failed.',
  incorrectPassword: 'Incorrect password',
  pinFailed: 'Failed to set PIN.',
  pinSet: 'PIN has been set',
  passwordChanged: 'Password changed successfully.',
  resetVerifyFailed: 'Verification failed. Please try again.',
  resetFailed: 'Password reset failed. Please try again.',
  resetSucceeded: 'Password reset successfully.',
  registrationFailed: 'Registration failed. Please try again.',
  registrationSucceeded: 'Your Account Has Been Successfully Registered',
  uploadInvalidUrl: 'Upload failed. Please try again.',
  imageUploadFailed: 'Image upload failed.',
  uploadedFront: 'Uploaded front image successfully',
  uploadedBack: 'Uploaded back image successfully',
  avatarUploaded: 'Avatar uploaded successfully',
  avatarUploadFailed: 'Upload failed',
  kycLoadFailed: 'Failed to load KYC information.',
  copyFailed: 'Copy failed! Please try manually.',
  storageUnsupported: 'Your browser does not support storage or it is disabled.',
  logoutConfirm: 'Are you sure you want to log out now?',
  // §2 / §4 KYC status screens
  kycPendingTitle: 'Verification In Progress',
  kycPendingText: 'Please wait while we verify your information.',
  kycRejectedTitle: 'Verification Rejected',
  kycRejectedText: 'Unfortunately, your KYC was rejected. Please contact support.',
  kycSubmittedTitle: 'Thank you for submitting',
  kycSubmittedText: 'We will notify you once it is reviewed.',
  // §2 search
  searchPlaceholder: 'Search...',
  searchLoading: 'Loading...',
  searchEmpty: 'No results found.',
} as const;

/** '{label} has copied' (spec §8). */
export const copiedMessage = (label: string) => `${label} has copied`;

/** 'Supported: JPG, PNG. Max N images.' (spec §5). */
export const multiImageHint = (max: number) => `Supported: JPG, PNG. Max ${max} images.`;

/**
 * Server-side messages the spec leaves to us. They say what to do next and never reveal
 * whether a mobile number has an account.
 */
export const ApiMessage = {
  ok: 'success',
  badCredentials: 'Incorrect mobile number or password.',
  passwordNotHashed: 'Password must be sent as an MD5 hash.',
  pinNotHashed: 'PIN must be sent as an MD5 hash.',
  tooManySignIns: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  tooManyRequests: 'Too many requests. Please slow down and try again shortly.',
  tooManyCodes:
    'Too many verification attempts. Please wait 15 minutes and ask your advisor for a new code.',
  inviteUnknown: 'This invitation code is not valid. Check it with your advisor.',
  inviteUsed: 'This invitation code has already been used. Ask your advisor for a new one.',
  inviteRevoked: 'This invitation code has been withdrawn. Ask your advisor for a new one.',
  inviteExpired: 'This invitation code has expired. Ask your advisor for a new one.',
  mobileTaken: 'This mobile number is already registered. Sign in or reset your password.',
  resetCodeInvalid: 'The code is wrong or has expired. Ask your advisor for a new code.',
  resetTokenInvalid: 'Your reset link has expired. Verify your mobile number again.',
  resetTokenRequired: 'Verify your mobile number with the code from your advisor first.',
  currentPasswordWrong: 'Current password is incorrect.',
  samePassword: 'The new password must differ from the current one.',
  passwordVerifyFirst: 'Confirm your password before setting a PIN.',
  pinWrong: (left: number) =>
    `Incorrect PIN. ${left} ${left === 1 ? 'attempt' : 'attempts'} left before PIN actions are locked for 30 minutes.`,
  pinLocked: 'Too many incorrect PINs. PIN actions are locked for 30 minutes.',
  pinNotSet: 'Set a PIN first: open the user menu, then Security, then Set PIN.',
  unauthorized: 'Please sign in.',
  tokenExpired: 'Your session token has expired.',
  tokenInvalid: 'Your session is not valid. Please sign in again.',
  refreshInvalid: 'Your session has ended. Please sign in again.',
  forbidden: 'You are not allowed to do this.',
  notFound: 'Not found.',
  kycAlreadyPending: 'Your KYC is already under review. You will be notified once it is reviewed.',
  kycAlreadyApproved: 'Your KYC is already approved.',
  kycRejected:
    'Your KYC was rejected. Contact support to have it reopened before submitting again.',
  kycIdRequired: 'ID number is required.',
  kycIdInvalid: 'Enter a valid PAN (e.g. ABCDE1234F) or a 12-digit Aadhaar number.',
  kycImageUrl: 'Upload both sides of your ID before submitting.',
  kycImageNotYours: 'Upload both sides of your ID again before submitting.',
  fileRequired: 'Choose an image file to upload.',
  uploadIncomplete: 'The upload did not arrive whole. Please try again.',
  imageUnreadable: 'The image could not be read. It may be damaged; please choose another file.',
  imageTooSmall: 'The image is too small to read. Use a photo at least 200 pixels on each side.',
  internal: 'Something went wrong on our side. Please try again.',
  unavailable: 'The service is busy or restarting. Please try again in a moment.',
} as const;
