import {
  DEPOSIT_METHODS,
  MIN_DEPOSIT_PAISE,
  paiseNumber,
  type TDepositAccount,
} from '@sampada/shared';
import type { SettingsService } from '../settings/service.ts';
import type { UploadService } from '../uploads/service.ts';
import type { DepositRow } from './deposit-deps.ts';

/** The firm's account clients pay into, as the settings hold it. */
export async function depositAccount(settings: SettingsService): Promise<TDepositAccount> {
  const bank = (await settings.all()).deposit_bank;
  return {
    configured: Boolean((bank.account_number && bank.ifsc) || bank.upi_id),
    ...bank,
    methods: [...DEPOSIT_METHODS],
    min_deposit_paise: paiseNumber(MIN_DEPOSIT_PAISE),
  };
}

/** A signed link to the receipt the client uploaded with the deposit, if any. */
export const receiptUrlOf = (uploads: UploadService, baseUrl: string, row: DepositRow) =>
  row.receiptUploadId ? uploads.signedUrl(baseUrl, row.receiptUploadId) : null;
