import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SettingsService } from '../settings/service.ts';
import type { StaffService } from '../staff/service.ts';
import type { UploadService } from '../uploads/service.ts';
import type { SupportEvents } from './events.ts';

export type ConversationOptions = {
  db: Db;
  clock: Clock;
  staff: StaffService;
  uploads: UploadService;
  settings: SettingsService;
  events: SupportEvents;
  /** The client's advisor; inside a transaction pass it, so no second connection is taken. */
  advisorOf: (clientId: string, executor?: Executor) => Promise<string | null>;
};

/** The use cases' dependencies: the above and the chat images' link maker. */
export type ConversationDeps = ConversationOptions & {
  imageUrl: (uploadId: string) => ReturnType<UploadService['signedUrl']>;
};

export type StaffSend = { id: string; text: string; canned_reply_id?: string | null | undefined };

/** Chat images are served through short-lived signed links, relative to the app's origin. */
export const imageLinker = (uploads: UploadService) => (uploadId: string) =>
  uploads.signedUrl('', uploadId);
