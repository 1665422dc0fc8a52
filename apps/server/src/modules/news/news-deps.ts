import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { FileStore } from '../../platform/storage.ts';
import type { TransitionEvents } from '../../platform/transitions.ts';
import type { StaffService } from '../staff/service.ts';

export type NewsDeps = {
  db: Db;
  clock: Clock;
  files: FileStore;
  /** Authors' emails for the console's views. */
  staff: Pick<StaffService, 'namesOf'>;
  /** Where publishing and unpublishing are announced once committed. */
  events?: TransitionEvents | undefined;
};
