import type { TContractNote } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { queryKeys } from '../../../lib/query-keys';

const notePath = (no: string) => `/trade/app/v1/contract-notes/${encodeURIComponent(no)}`;

/** GET /trade/app/v1/contract-notes/:no. */
export const contractNoteQueryOptions = (no: string) =>
  queryOptions({
    queryKey: queryKeys.trade.contractNote(no),
    queryFn: () => apiGet<TContractNote>(notePath(no), { silent: true }),
    staleTime: Infinity,
  });

/** GET /trade/app/v1/contract-notes/:no/pdf with the bearer token, saved as a file. */
export const downloadContractNote = (no: string) =>
  downloadFile(`${notePath(no)}/pdf`, `contract-note-${no}.pdf`);
