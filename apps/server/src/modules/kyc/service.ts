/**
 * KYC: the client submits once; staff approve, reject with a reason, or reopen a rejected
 * record so the client can submit again. Transitions are data; one function applies them.
 */
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  ApiMessage,
  idNumberType,
  maskIdNumber,
  type TKycRecord,
  type TKycStatus,
} from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { decrypt, encrypt } from '../../platform/crypto.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { type Transition, type TransitionEvents } from '../../platform/transitions.ts';
import { assertActsFor, type Viewer } from '../../platform/viewer.ts';
import type { ClientService, KycSteps } from '../clients/service.ts';
import type { UploadService } from '../uploads/service.ts';
import { kycSubmissions } from './tables.ts';

export type KycAction = 'submit' | 'approve' | 'reject' | 'reopen';

/** Client status before and after each action; a submission's own status follows it. */
export const KYC_TRANSITIONS: Record<
  KycAction,
  Transition<TKycStatus> & { submission?: 'approved' | 'rejected' | 'reopened' }
> = {
  submit: { from: ['unverified'], to: 'pending' },
  approve: { from: ['pending'], to: 'approved', submission: 'approved' },
  reject: { from: ['pending'], to: 'rejected', submission: 'rejected' },
  reopen: { from: ['rejected'], to: 'unverified', submission: 'reopened' },
};

const REFUSAL: Record<TKycStatus, string> = {
  pending: ApiMessage.kycAlreadyPending,
  approved: ApiMessage.kycAlreadyApproved,
  rejected: ApiMessage.kycRejected,
  unverified: 'There is no KYC submission waiting for review.',
};

/**
 * A client's KYC status moves only by these steps, applied by the clients module (the owner
 * of the status); the audit log files them under the client.
 */
const KYC: KycSteps<KycAction> = {
  name: 'kyc',
  subject: 'client',
  transitions: KYC_TRANSITIONS,
  refuse(action, current: TKycStatus | null) {
    if (current === null) return notFound('Client not found.');
    if (action === 'submit') return badRequest(REFUSAL[current] ?? REFUSAL.pending);
    const from = KYC_TRANSITIONS[action].from.join(' or ');
    return badRequest(
      `Cannot ${action} KYC: the client's status is ${current}, it must be ${from}.`,
    );
  },
};

export type KycSubmission = {
  full_name: string;
  mobile?: string | undefined;
  dob: string;
  id_no: string;
  id_front_url: string;
  id_back_url: string;
};

type Deps = {
  db: Db;
  clock: Clock;
  dataKey: Buffer;
  clients: ClientService;
  uploads: UploadService;
  /** Where KYC steps are announced once committed. */
  events?: TransitionEvents | undefined;
};

export function createKycService(deps: Deps) {
  const { db, clock, dataKey, clients: clientService, uploads, events } = deps;

  async function latestSubmission(executor: Executor, clientId: string) {
    const [row] = await executor
      .select()
      .from(kycSubmissions)
      .where(eq(kycSubmissions.clientId, clientId))
      .orderBy(desc(kycSubmissions.submittedAt))
      .limit(1);
    return row;
  }

  return {
    async submit(clientId: string, input: KycSubmission, actor: Actor) {
      const idType = idNumberType(input.id_no);
      if (!idType) throw badRequest(ApiMessage.kycIdInvalid);
      const [front, back] = await Promise.all([
        uploads.ownedUploadFromUrl(clientId, input.id_front_url),
        uploads.ownedUploadFromUrl(clientId, input.id_back_url),
      ]);
      if (!front || !back) throw badRequest(ApiMessage.kycImageNotYours);
      await inTransaction(db, async (tx) => {
        let submissionId: string | undefined;
        await clientService.transitionKyc(tx, clientId, KYC, 'submit', {
          at: clock.now(),
          name: input.full_name,
          async effect() {
            const [row] = await tx
              .insert(kycSubmissions)
              .values({
                clientId,
                fullName: input.full_name,
                dob: input.dob,
                mobile: input.mobile || null,
                idType,
                idNoEnc: encrypt(input.id_no, dataKey),
                idNoLast4: input.id_no.slice(-4),
                frontUploadId: front.id,
                backUploadId: back.id,
                submittedAt: clock.now(),
              })
              .returning({ id: kycSubmissions.id });
            submissionId = row!.id;
          },
          audit: { actor, details: () => ({ submissionId }) },
          events,
        });
      });
      await clientService.settled();
    },

    /** Every submission of a client, newest first: the applications page's KYC entries. */
    async submissionsOf(clientId: string) {
      return db
        .select({
          id: kycSubmissions.id,
          status: kycSubmissions.status,
          reason: kycSubmissions.reason,
          submittedAt: kycSubmissions.submittedAt,
          checkedAt: kycSubmissions.checkedAt,
        })
        .from(kycSubmissions)
        .where(eq(kycSubmissions.clientId, clientId))
        .orderBy(desc(kycSubmissions.submittedAt));
    },

    /** The caller's own latest record with fresh signed image links, or null. */
    async detail(
      clientId: string,
      baseUrl: string,
      options: { unmasked?: boolean } = {},
    ): Promise<TKycRecord | null> {
      const row = await latestSubmission(db, clientId);
      if (!row) return null;
      const idNo = decrypt(row.idNoEnc, dataKey);
      return {
        full_name: row.fullName,
        id_no: options.unmasked ? idNo : maskIdNumber(idNo),
        id_type: row.idType as 'pan' | 'aadhaar',
        mobile: row.mobile,
        dob: row.dob,
        status: row.status as TKycRecord['status'],
        reason: row.reason,
        create_datetime: row.submittedAt.toISOString(),
        check_time: row.status === 'approved' && row.checkedAt ? row.checkedAt.toISOString() : null,
        id_front_url: uploads.signedUrl(baseUrl, row.frontUploadId),
        id_back_url: uploads.signedUrl(baseUrl, row.backUploadId),
      };
    },

    /**
     * The review queue: pending submissions of the clients the viewer may see, oldest first.
     * Returns one row more than `limit` when another page exists. A submission is pending
     * exactly while its client's status is (both move in one transaction).
     */
    async pendingQueue(viewer: Viewer, filter: { after?: [string, string] | null; limit: number }) {
      const advisorId = viewer.seesAdvisor;
      const where: SQL[] = [eq(kycSubmissions.status, 'pending')];
      if (advisorId)
        where.push(inArray(kycSubmissions.clientId, clientService.idsOfAdvisor(advisorId)));
      if (filter.after) {
        where.push(
          sql`(${kycSubmissions.submittedAt}, ${kycSubmissions.id}) > (${filter.after[0]}::timestamptz, ${filter.after[1]}::uuid)`,
        );
      }
      const rows = await db
        .select({
          id: kycSubmissions.id,
          clientId: kycSubmissions.clientId,
          fullName: kycSubmissions.fullName,
          idType: kycSubmissions.idType,
          submittedAt: kycSubmissions.submittedAt,
          cursorAt: sql<string>`${kycSubmissions.submittedAt}::text`,
        })
        .from(kycSubmissions)
        .where(and(...where))
        .orderBy(asc(kycSubmissions.submittedAt), asc(kycSubmissions.id))
        .limit(filter.limit + 1);
      const refs = await clientService.refsOf(rows.map((r) => r.clientId));
      return rows.map((r) => {
        const client = refs.get(r.clientId)!;
        return { ...r, uid: client.uid, mobile: client.mobile, advisorId: client.advisorId };
      });
    },

    /** Pending reviews among the clients the viewer may see (the dashboard's count). */
    countPending: (viewer: Viewer): Promise<number> =>
      clientService.countByKycStatus('pending', viewer.seesAdvisor),

    /**
     * Staff (or the operator CLI) approve, reject or reopen. Reject needs a reason. A staff
     * `viewer` acts only on clients they may act for, and is recorded as the checker.
     */
    async review(
      clientId: string,
      action: Exclude<KycAction, 'submit'>,
      actor: Actor,
      options: { reason?: string; viewer?: Viewer } = {},
    ) {
      if (options.viewer)
        assertActsFor(options.viewer, (await clientService.byId(clientId)).advisorId);
      const reason = options.reason?.trim() || null;
      if (action === 'reject' && !reason)
        throw badRequest('Give the client a reason for the rejection.');
      const rule = KYC_TRANSITIONS[action];
      const reviewed = await inTransaction(db, async (tx) => {
        await clientService.transitionKyc(tx, clientId, KYC, action, {
          at: clock.now(),
          async effect() {
            const submission = await latestSubmission(tx, clientId);
            if (!submission || !rule.submission) return;
            await tx
              .update(kycSubmissions)
              .set({
                status: rule.submission,
                reason: action === 'approve' ? null : (reason ?? submission.reason),
                checkedAt: clock.now(),
                checkedByStaffId: options.viewer?.staffId ?? null,
              })
              .where(eq(kycSubmissions.id, submission.id));
          },
          audit: { actor, details: () => ({ reason }) },
          events,
          notice: action === 'reject' && reason ? { type: 'reason', reason } : undefined,
        });
        return { status: rule.to };
      });
      await clientService.settled();
      return reviewed;
    },
  };
}
export type KycService = ReturnType<typeof createKycService>;
