/** Reading KYC records: a client's submissions, their latest in full, the review queue. */
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { maskIdNumber, type TKycRecord } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import { decrypt } from '../../platform/crypto.ts';
import type { Viewer } from '../../platform/viewer.ts';
import type { KycDeps } from './kyc-deps.ts';
import { latestSubmission } from './latest-submission.ts';
import { kycSubmissions } from './tables.ts';

/** Every submission of a client, newest first: the applications page's KYC entries. */
export async function submissionsOf(db: Db, clientId: string) {
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
}

/**
 * When each of several clients' first approved submission was approved (clients with none
 * are absent): one statement, client → moment.
 */
export async function firstApprovalsOf(db: Db, clientIds: readonly string[]) {
  const rows = await db
    .selectDistinctOn([kycSubmissions.clientId], {
      clientId: kycSubmissions.clientId,
      checkedAt: kycSubmissions.checkedAt,
    })
    .from(kycSubmissions)
    .where(
      and(inArray(kycSubmissions.clientId, [...clientIds]), eq(kycSubmissions.status, 'approved')),
    )
    .orderBy(asc(kycSubmissions.clientId), asc(kycSubmissions.submittedAt));
  return new Map(
    rows.filter((r) => r.checkedAt).map((r) => [r.clientId, r.checkedAt!] as [string, Date]),
  );
}

/** The caller's own latest record with fresh signed image links, or null. */
export async function kycDetail(
  { db, dataKey, uploads }: KycDeps,
  clientId: string,
  baseUrl: string,
  options: { unmasked?: boolean },
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
}

/**
 * The ID on each client's latest submission, unmasked, for many clients in one read (the
 * contract-note run's PAN passwords). Clients without a submission are absent.
 */
export async function latestIdsOf(
  { db, dataKey }: KycDeps,
  clientIds: string[],
): Promise<Map<string, { idType: string; idNo: string }>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([kycSubmissions.clientId], {
      clientId: kycSubmissions.clientId,
      idType: kycSubmissions.idType,
      idNoEnc: kycSubmissions.idNoEnc,
    })
    .from(kycSubmissions)
    .where(inArray(kycSubmissions.clientId, clientIds))
    .orderBy(kycSubmissions.clientId, desc(kycSubmissions.submittedAt));
  return new Map(
    rows.map((r) => [r.clientId, { idType: r.idType, idNo: decrypt(r.idNoEnc, dataKey) }]),
  );
}

/**
 * The review queue: pending submissions of the clients the viewer may see, oldest first.
 * Returns one row more than `limit` when another page exists. A submission is pending
 * exactly while its client's status is (both move in one transaction).
 */
export async function pendingQueue(
  { db, clients: clientService }: KycDeps,
  viewer: Viewer,
  filter: { after?: [string, string] | null; limit: number },
) {
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
}
