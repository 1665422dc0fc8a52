import type { TTranslation } from '../../lib/i18n';
import type { searchEnUS } from './i18n';
/** Search in Hindi; fetched only when Hindi is chosen. */
export default {
  title: 'स्टॉक खोजें',
  open: 'स्टॉक खोजें',
  clear: 'खोज साफ़ करें',
  results: 'खोज परिणाम',
  shortcutHint: 'कहीं से भी खोजने के लिए {{keys}} दबाएँ',
} satisfies TTranslation<typeof searchEnUS>;
