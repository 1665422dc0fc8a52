/**
 * The client's nominees, read by Me › Nominees and by Home's reminder: one query, so saving
 * nominees or opting out (which set its data) takes the reminder away at once.
 */
import type { TNominees } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api-client';

export const nomineesKey = ['duties', 'nominees'] as const;

/** GET /client/app/v1/nominees: the nominees, an opt-out, and whether Home reminds. */
export const nomineesQueryOptions = () =>
  queryOptions({
    queryKey: nomineesKey,
    queryFn: () => apiGet<TNominees>('/client/app/v1/nominees', { silent: true }),
  });
