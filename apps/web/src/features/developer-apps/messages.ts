import { ConnectMessage, messageCode, TwoFactorMessage } from '@sampada/shared';
import { registerMessages } from '../../lib/i18n';

/* The API apps' form checks and refusals (packages/shared connect.ts), translatable by text. */
export const developerAppsMessagesEnUS = {
  nameRequired: ConnectMessage.nameRequired,
  nameTooLong: ConnectMessage.nameTooLong,
  urlInvalid: ConnectMessage.urlInvalid,
  ipsRequired: ConnectMessage.ipsRequired,
  ipInvalid: ConnectMessage.ipInvalid,
  appNotFound: ConnectMessage.appNotFound,
  appLimit: ConnectMessage.appLimit,
  enrolFirst: ConnectMessage.enrolFirst,
  // Creating an app or rotating its secret with 2FA on owes a code (issue 35).
  codeRequired: TwoFactorMessage.codeRequired,
  badCode: TwoFactorMessage.badCode,
};
registerMessages(
  'developer-apps-messages',
  developerAppsMessagesEnUS,
  { 'hi-IN': () => import('./hi-IN.messages') },
  messageCode,
);
