import { EMAIL_MSG, GRIEVANCE_MSG, messageCode, NOMINEE_MSG } from '@sampada/shared';
import { registerMessages } from '../../../lib/i18n';

/*
 * The duties' spec messages (form checks, refusals, confirmations), translatable by their
 * text. Messages built from a value (tries left, a sum, a name) stay in English.
 */
export const dutyMessagesEnUS = {
  addressRequired: EMAIL_MSG.addressRequired,
  addressInvalid: EMAIL_MSG.addressInvalid,
  codeRequired: EMAIL_MSG.codeRequired,
  codeInvalid: EMAIL_MSG.codeInvalid,
  codeExpired: EMAIL_MSG.codeExpired,
  codeSpent: EMAIL_MSG.codeSpent,
  noPending: EMAIL_MSG.noPending,
  emailPinNeeded: EMAIL_MSG.pinNeeded,
  sameAddress: EMAIL_MSG.sameAddress,
  tooManyCodes: EMAIL_MSG.tooManyCodes,
  codeSent: EMAIL_MSG.codeSent,
  verified: EMAIL_MSG.verified,
  nameRequired: NOMINEE_MSG.nameRequired,
  relationshipRequired: NOMINEE_MSG.relationshipRequired,
  dobInvalid: NOMINEE_MSG.dobInvalid,
  idRequired: NOMINEE_MSG.idRequired,
  nomineeAddressRequired: NOMINEE_MSG.addressRequired,
  shareInvalid: NOMINEE_MSG.shareInvalid,
  tooMany: NOMINEE_MSG.tooMany,
  none: NOMINEE_MSG.none,
  declarationNeeded: NOMINEE_MSG.declarationNeeded,
  nomineePinNeeded: NOMINEE_MSG.pinNeeded,
  nomineesSaved: 'Your nominees are saved. We e-mailed you a confirmation.',
  optedOut: 'You opted out of nomination. We e-mailed you a confirmation.',
  categoryRequired: GRIEVANCE_MSG.categoryRequired,
  subjectRequired: GRIEVANCE_MSG.subjectRequired,
  descriptionRequired: GRIEVANCE_MSG.descriptionRequired,
  filed: GRIEVANCE_MSG.filed,
};
registerMessages(
  'duty-messages',
  dutyMessagesEnUS,
  { 'hi-IN': () => import('./hi-IN.messages') },
  messageCode,
);
