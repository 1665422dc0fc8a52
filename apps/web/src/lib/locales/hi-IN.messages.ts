import type { M } from '@sampada/shared';

/**
 * The spec's messages that only signed-in screens show (KYC, PIN, uploads), in Hindi: fetched
 * when Hindi is chosen, so the sign-in page carries only the messages it shows.
 */
const messages: Partial<Record<keyof typeof M, string>> = {
  fullNameRequired: 'पूरा नाम आवश्यक है।',
  phoneInvalid: 'फ़ोन नंबर 10–15 अंकों का होना चाहिए।',
  dobRequired: 'जन्मतिथि आवश्यक है।',
  dobInvalid: 'तारीख़ का प्रारूप अमान्य है।',
  dobTooOld: 'तारीख़ का प्रारूप अमान्य है।',
  mustBeAdult: 'आपकी आयु कम से कम 18 वर्ष होनी चाहिए।',
  onlyImages: 'केवल चित्र फ़ाइलें ही स्वीकार हैं।',
  imageTooLarge: 'चित्र 20MB से छोटा होना चाहिए।',
  stockRequestFailed: 'अनुरोध विफल रहा।',
  pinFailed: 'पिन सेट नहीं हो सका।',
  pinSet: 'पिन सेट हो गया है',
  uploadInvalidUrl: 'अपलोड विफल रहा। कृपया फिर से कोशिश करें।',
  imageUploadFailed: 'चित्र अपलोड नहीं हो सका।',
  uploadedFront: 'आगे की तस्वीर सफलतापूर्वक अपलोड हुई',
  uploadedBack: 'पीछे की तस्वीर सफलतापूर्वक अपलोड हुई',
  avatarUploaded: 'अवतार सफलतापूर्वक अपलोड हुआ',
  avatarUploadFailed: 'अपलोड विफल रहा',
  kycLoadFailed: 'KYC जानकारी लोड नहीं हो सकी।',
  kycPendingTitle: 'सत्यापन जारी है',
  kycPendingText: 'कृपया प्रतीक्षा करें, हम आपकी जानकारी सत्यापित कर रहे हैं।',
  kycRejectedTitle: 'सत्यापन अस्वीकृत',
  kycRejectedText: 'खेद है, आपका KYC अस्वीकार कर दिया गया। कृपया सहायता से संपर्क करें।',
  kycSubmittedTitle: 'जमा करने के लिए धन्यवाद',
  kycSubmittedText: 'समीक्षा होते ही हम आपको सूचित करेंगे।',
};
export default messages;
