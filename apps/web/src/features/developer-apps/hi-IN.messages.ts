import type { TTranslation } from '../../lib/i18n';
import type { developerAppsMessagesEnUS } from './messages';
/** The API apps' form checks and refusals in Hindi; fetched only when Hindi is chosen. */
export default {
  nameRequired: 'ऐप को एक नाम दें।',
  nameTooLong: 'नाम अधिकतम 60 अक्षरों का हो सकता है।',
  urlInvalid: 'पूरा http:// या https:// पता दर्ज करें।',
  ipsRequired: '1 से 5 IP पते दें जिनसे ऐप कॉल करेगा।',
  ipInvalid: 'केवल IPv4 या IPv6 पते दर्ज करें।',
  appNotFound: 'ऐसा कोई API ऐप नहीं है।',
  appLimit: 'आपके अधिकतम 5 API ऐप हो सकते हैं।',
  enrolFirst:
    'आपका ब्रोकर दो-चरणीय सत्यापन माँगता है। इसे Sampada ऐप में चालू करें (मैं › सुरक्षा), फिर यहाँ दोबारा साइन इन करें।',
  codeRequired: 'अपने ऑथेंटिकेटर ऐप का 6 अंकों का कोड दर्ज करें।',
  badCode: 'यह कोड मान्य नहीं है। अपने फ़ोन का समय जाँचें और फिर कोशिश करें।',
} satisfies TTranslation<typeof developerAppsMessagesEnUS>;
