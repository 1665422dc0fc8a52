/** What the KYC use cases are built on, and what a client submits. */
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { TransitionEvents } from '../../platform/transitions.ts';
import type { ClientService } from '../clients/service.ts';
import type { UploadService } from '../uploads/service.ts';

export type KycSubmission = {
  full_name: string;
  mobile?: string | undefined;
  dob: string;
  id_no: string;
  id_front_url: string;
  id_back_url: string;
};

export type KycDeps = {
  db: Db;
  clock: Clock;
  dataKey: Buffer;
  clients: ClientService;
  uploads: UploadService;
  /** Where KYC steps are announced once committed. */
  events?: TransitionEvents | undefined;
};
