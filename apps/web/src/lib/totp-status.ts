import type { TTotpStatus } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { queryKeys } from './query-keys';

/**
 * GET /client/app/v1/totp: on or off, whether the firm requires it, recovery codes left. Here
 * rather than in Me › Security because the forms that owe a second factor (developer apps)
 * ask it too, and share its cache: turning 2FA on or off there changes what they ask.
 */
export const totpStatusQuery = () =>
  queryOptions({
    queryKey: queryKeys.security.totp,
    queryFn: () => apiGet<TTotpStatus>('/client/app/v1/totp'),
  });
