import { SM } from '@sampada/shared';
import { conflict, notFound } from '../../platform/errors.ts';
import { lifecycle } from '../../platform/transitions.ts';
import { supportConversations as conv } from './tables.ts';

export const CONVERSATION = lifecycle({
  name: 'support_conversation',
  subject: 'support_conversation',
  table: conv,
  state: { field: 'status' },
  transitions: {
    close: { from: ['open'], to: 'closed' },
    reopen: { from: ['closed'], to: 'open' },
  },
  refuse: (action, current: 'open' | 'closed' | null) =>
    current === null
      ? notFound(SM.conversationNotFound)
      : conflict(action === 'close' ? SM.alreadyClosed : SM.alreadyOpen),
});
