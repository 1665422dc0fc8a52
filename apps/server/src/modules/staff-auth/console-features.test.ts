/** What the console's actions do, through the real API: isolation, lists, KYC review, audit. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CM,
  md5,
  type TAuditEntry,
  type TClientDetail,
  type TClientListItem,
  type TClientProfile,
  type TDashboard,
  type TInviteView,
  type TKycQueueItem,
  type TKycRecord,
  type TMenuItem,
  type TPage,
  type TPublicSettings,
  type TResetCodeView,
} from '@sampada/shared';
import { clientOfAdvisor, clientWithKyc, submitKyc } from '../../test/console-fixtures.ts';
import {
  buildTestApp,
  nextMobile,
  signInStaff,
  sqlRows,
  type SignedInStaff,
  type TestApp,
} from '../../test/helpers.ts';

let t: TestApp;
let admin: SignedInStaff;
let advisorA: SignedInStaff;
let advisorB: SignedInStaff;
let support: SignedInStaff;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInStaff(t, 'admin');
  advisorA = await signInStaff(t, 'advisor');
  advisorB = await signInStaff(t, 'advisor');
  support = await signInStaff(t, 'support');
});
afterAll(async () => t.close());

const api = (path: string) => `/console/api/v1${path}`;
const get = <T>(path: string, who: SignedInStaff) => t.api.get<T>(api(path), who.token);
const post = <T>(path: string, body: unknown, who: SignedInStaff) =>
  t.api.post<T>(api(path), body ?? {}, who.token);

describe('advisor isolation', () => {
  it('an advisor lists, reads and acts on only their own clients, codes and queue', async () => {
    const mine = await clientWithKyc(t, advisorA.id);
    const theirs = await clientWithKyc(t, advisorB.id);

    const listA = await get<TPage<TClientListItem>>('/clients?limit=100', advisorA);
    const ids = listA.body.data.items.map((c) => c.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    // An advisor cannot widen the scope with a filter.
    const sneaky = await get<TPage<TClientListItem>>(
      `/clients?advisor_id=${advisorB.id}`,
      advisorA,
    );
    expect(sneaky.body.data.items.every((c) => c.advisor?.id === advisorA.id)).toBe(true);

    expect((await get(`/clients/${theirs.id}`, advisorA)).status).toBe(403);
    expect(
      (await post(`/clients/${theirs.id}/flags`, { allow_bonus: true }, advisorA)).status,
    ).toBe(403);
    expect(
      (
        await post(
          `/clients/${theirs.id}/adjustments`,
          { kind: 'vip', value: 2, reason: 'x' },
          advisorA,
        )
      ).status,
    ).toBe(403);
    expect((await post(`/kyc/${theirs.id}/approve`, {}, advisorA)).status).toBe(403);
    expect((await post(`/kyc/${theirs.id}/reject`, { reason: 'no' }, advisorA)).status).toBe(403);
    expect((await post('/reset-codes', { mobile: theirs.mobile }, advisorA)).status).toBe(403);
    expect((await t.ctx.clients.byId(theirs.id)).kycStatus).toBe('pending');

    const queueA = await get<TPage<TKycQueueItem>>('/kyc/queue?limit=100', advisorA);
    expect(queueA.body.data.items.map((q) => q.client_id)).toContain(mine.id);
    expect(queueA.body.data.items.map((q) => q.client_id)).not.toContain(theirs.id);

    const codeB = (await post<TInviteView>('/invites', {}, advisorB)).body.data.code;
    expect((await post(`/invites/${codeB}/revoke`, {}, advisorA)).status).toBe(403);
    const invitesA = await get<TPage<TInviteView>>('/invites?limit=100', advisorA);
    expect(invitesA.body.data.items.every((i) => i.advisor.id === advisorA.id)).toBe(true);

    const dashA = await get<TDashboard>('/dashboard', advisorA);
    const dashAdmin = await get<TDashboard>('/dashboard', admin);
    expect(dashA.body.data.queues.kyc_pending).toBeLessThan(
      dashAdmin.body.data.queues.kyc_pending!,
    );

    // Support reads every client, masked ID numbers, and changes nothing.
    const seen = await get<TClientDetail>(`/clients/${theirs.id}`, support);
    expect(seen.status).toBe(200);
    expect(seen.body.data.kyc!.id_no).not.toBe('ABCPI1234F');
    expect(seen.body.data.kyc!.id_no.endsWith('234F')).toBe(true);
  });
});

describe('clients', () => {
  it('searches by mobile, name and UID, filters by KYC status and advisor, pages with a cursor', async () => {
    const created = [];
    for (let i = 0; i < 5; i++) created.push(await clientOfAdvisor(t, advisorB.id));
    await submitKyc(t, created[0]!, 'Meera Krishnan');
    const uid = (await t.ctx.clients.byId(created[1]!.id)).uid;

    const byMobile = await get<TPage<TClientListItem>>(
      `/clients?q=${created[2]!.mobile.slice(-7)}`,
      admin,
    );
    expect(byMobile.body.data.items.map((c) => c.id)).toEqual([created[2]!.id]);
    const byName = await get<TPage<TClientListItem>>('/clients?q=krishnan', admin);
    expect(byName.body.data.items.map((c) => c.id)).toEqual([created[0]!.id]);
    const byUid = await get<TPage<TClientListItem>>(`/clients?q=${uid}`, admin);
    expect(byUid.body.data.items.map((c) => c.id)).toContain(created[1]!.id);

    const pending = await get<TPage<TClientListItem>>(
      `/clients?kyc_status=pending&advisor_id=${advisorB.id}&limit=100`,
      admin,
    );
    expect(
      pending.body.data.items.every(
        (c) => c.kyc_status === 'pending' && c.advisor?.id === advisorB.id,
      ),
    ).toBe(true);
    expect(pending.body.data.items.map((c) => c.id)).toContain(created[0]!.id);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { data: TPage<TClientListItem> } } = await get<TPage<TClientListItem>>(
        `/clients?advisor_id=${advisorB.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        admin,
      );
      expect(page.body.data.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.items.map((c) => c.id));
      cursor = page.body.data.next_cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const c of created) expect(seen).toContain(c.id);
    // Newest first.
    expect(seen.indexOf(created[4]!.id)).toBeLessThan(seen.indexOf(created[0]!.id));

    expect((await get('/clients?cursor=garbage', admin)).status).toBe(400);
    expect((await get('/clients?limit=101', admin)).status).toBe(400);
  });

  it('shows the KYC record with signed image links, and flags and adjustments audited with a reason', async () => {
    const client = await clientWithKyc(t, advisorA.id);
    const detail = await get<TClientDetail>(`/clients/${client.id}`, advisorA);
    expect(detail.status).toBe(200);
    expect(detail.body.data.kyc!.id_no).toBe('ABCPI1234F');
    const image = await fetch(detail.body.data.kyc!.id_front_url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/jpeg');

    const flags = await post<TClientDetail>(
      `/clients/${client.id}/flags`,
      { allow_loan: true, allow_bonus: true },
      advisorA,
    );
    expect(flags.body.data.allow_loan).toBe(true);
    expect(flags.body.data.allow_compensation).toBe(false);
    const profile = await t.api.get<TClientProfile>('/auth/app/v1/client_info', client.token);
    expect(profile.body.data.allow_loan).toBe(true);
    // The client's menu now includes the items that need those flags.
    const menu = await t.api.get<TMenuItem[]>('/auth/app/v1/menu', client.token);
    expect(menu.body.data.map((m) => m.path)).toContain('/credit');

    const noReason = await post(
      `/clients/${client.id}/adjustments`,
      { kind: 'vip', value: 3, reason: '  ' },
      advisorA,
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe(CM.reasonRequired);
    const tooHigh = await post(
      `/clients/${client.id}/adjustments`,
      { kind: 'score', value: 101, reason: 'x' },
      advisorA,
    );
    expect(tooHigh.status).toBe(400);
    // The KYC submission's engagement computation runs in the background and stores the VIP
    // level it computed on the client: the adjustment is made once that has landed.
    await vi.waitFor(
      async () => {
        const stored = await sqlRows(
          t,
          `select 1 from engagement_status e join clients c on c.id = e.client_id
           where c.id = '${client.id}' and c.score = e.score and c.vip = e.vip`,
        );
        expect(stored).toHaveLength(1);
      },
      { timeout: 15_000, interval: 50 },
    );
    const vip = await post<TClientDetail>(
      `/clients/${client.id}/adjustments`,
      { kind: 'vip', value: 3, reason: 'Assets over ₹1 Cr' },
      advisorA,
    );
    expect(vip.body.data.vip).toBe(3);

    const audit = await get<TPage<TAuditEntry>>(
      `/audit?subject=${client.id}&action=client.`,
      admin,
    );
    const adjust = audit.body.data.items.find((a) => a.action === 'client.vip.adjust')!;
    expect(adjust.actor_label).toBe(advisorA.email);
    // The client subject by name and UID, not only its id (issue 20).
    expect(adjust.subject_id).toBe(client.id);
    expect(adjust.subject_label).toMatch(/\(\d+\)$|\([A-Z0-9]+\)$/);
    expect(adjust.before).toEqual({ vip: 0 });
    expect(adjust.after).toEqual({ vip: 3, reason: 'Assets over ₹1 Cr' });
    const flagRow = audit.body.data.items.find((a) => a.action === 'client.flags')!;
    expect(flagRow.before).toMatchObject({ allow_loan: false });
    expect(flagRow.after).toMatchObject({ allow_loan: true, allow_bonus: true });
  });
});

describe('invitation and reset codes', () => {
  it('creates single and multi-use codes with expiry, lists who used them, revokes', async () => {
    const multi = await post<TInviteView>(
      '/invites',
      { max_uses: 2, expires_in_hours: 24, note: 'Pune seminar' },
      advisorA,
    );
    expect(multi.status).toBe(200);
    expect(multi.body.data).toMatchObject({
      max_uses: 2,
      uses: 0,
      status: 'active',
      note: 'Pune seminar',
    });
    expect(new Date(multi.body.data.expires_at!).getTime() - t.clock.now().getTime()).toBe(
      24 * 3_600_000,
    );

    const mobile = nextMobile();
    const reg = await t.api.post('/auth/app/v1/register', {
      username: mobile,
      password: md5('secret123'),
      invite_code: multi.body.data.code,
    });
    expect(reg.status).toBe(200);
    const list = await get<TPage<TInviteView>>('/invites?limit=100', advisorA);
    const listed = list.body.data.items.find((i) => i.code === multi.body.data.code)!;
    expect(listed.uses).toBe(1);
    expect(listed.used_by.map((u) => u.mobile)).toEqual([`+91${mobile}`]);

    const revoked = await post(`/invites/${multi.body.data.code}/revoke`, {}, advisorA);
    expect(revoked.status).toBe(200);
    const late = await t.api.post('/auth/app/v1/register', {
      username: nextMobile(),
      password: md5('secret123'),
      invite_code: multi.body.data.code,
    });
    expect(late.status).toBe(400);

    const single = await post<TInviteView>('/invites', {}, advisorA);
    expect(single.body.data.max_uses).toBe(1);
    expect(single.body.data.expires_at).toBeNull();

    // An admin issues on behalf of an advisor, and must name one.
    expect((await post('/invites', {}, admin)).status).toBe(400);
    const forB = await post<TInviteView>('/invites', { advisor_id: advisorB.id }, admin);
    expect(forB.body.data.advisor.id).toBe(advisorB.id);
  });

  it('issues a reset code shown once; the list shows expiry and attempts but never the code', async () => {
    const client = await clientOfAdvisor(t, advisorA.id);
    const issued = await post<{ code: string; expires_at: string; max_attempts: number }>(
      '/reset-codes',
      { mobile: client.mobile.slice(3) },
      advisorA,
    );
    expect(issued.status).toBe(200);
    expect(issued.body.data.code).toMatch(/^\d{6}$/);
    expect(new Date(issued.body.data.expires_at).getTime() - t.clock.now().getTime()).toBe(
      15 * 60_000,
    );

    const wrong = issued.body.data.code === '000000' ? '111111' : '000000';
    await t.api.post('/client/app/v1/code', { email: client.mobile, code: wrong });
    const list = await get<TResetCodeView[]>('/reset-codes', advisorA);
    const row = list.body.data.find((r) => r.client_id === client.id)!;
    expect(row).toMatchObject({
      attempts: 1,
      max_attempts: 5,
      status: 'active',
      issued_by: advisorA.id,
    });
    expect(JSON.stringify(list.body)).not.toContain(issued.body.data.code);

    const detail = await get<TClientDetail>(`/clients/${client.id}`, advisorA);
    expect(detail.body.data.reset_codes[0]!.attempts).toBe(1);

    const verified = await t.api.post('/client/app/v1/code', {
      email: client.mobile,
      code: issued.body.data.code,
    });
    expect(verified.status).toBe(200);
    t.clock.advance(16 * 60_000);
    const after = await get<TResetCodeView[]>('/reset-codes', advisorA);
    expect(after.body.data.find((r) => r.client_id === client.id)!.status).toBe('verified');
  });
});

describe('KYC review', () => {
  it('queues oldest first; reject with a reason (the client sees it), reopen, approve the resubmission', async () => {
    const first = await clientWithKyc(t, advisorB.id);
    t.clock.advance(60_000);
    const second = await clientWithKyc(t, advisorB.id);
    const queue = await get<TPage<TKycQueueItem>>('/kyc/queue?limit=100', advisorB);
    const order = queue.body.data.items.map((q) => q.client_id);
    expect(order.indexOf(first.id)).toBeLessThan(order.indexOf(second.id));
    for (let i = 1; i < queue.body.data.items.length; i++) {
      expect(
        queue.body.data.items[i - 1]!.submitted_at <= queue.body.data.items[i]!.submitted_at,
      ).toBe(true);
    }

    const missing = await post(`/kyc/${first.id}/reject`, {}, advisorB);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(CM.reasonRequired);
    const rejected = await post<TClientDetail>(
      `/kyc/${first.id}/reject`,
      { reason: 'The PAN photo is blurred' },
      advisorB,
    );
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.kyc_status).toBe('rejected');
    const seen = await t.api.get<TKycRecord>('/identify/app/v1/detail', first.token);
    expect(seen.body.data).toMatchObject({
      status: 'rejected',
      reason: 'The PAN photo is blurred',
    });
    const profile = await t.api.get<TClientProfile>('/auth/app/v1/client_info', first.token);
    expect(profile.body.data.kycStatus).toBe('rejected');

    expect((await post(`/kyc/${first.id}/approve`, {}, advisorB)).status).toBe(400);
    const reopened = await post<TClientDetail>(`/kyc/${first.id}/reopen`, {}, advisorB);
    expect(reopened.body.data.kyc_status).toBe('unverified');
    await submitKyc(t, first, 'Ananya R Iyer');
    const approved = await post<TClientDetail>(`/kyc/${first.id}/approve`, {}, advisorB);
    expect(approved.body.data.kyc_status).toBe('approved');
    expect(approved.body.data.kyc!.full_name).toBe('Ananya R Iyer');
    const verified = await t.api.get<TClientProfile>('/auth/app/v1/client_info', first.token);
    expect(verified.body.data.verified).toBe(true);

    const trail = await get<TPage<TAuditEntry>>(`/audit?subject=${first.id}&action=kyc`, admin);
    expect(trail.body.data.items.map((a) => a.action)).toEqual([
      'kyc.approve',
      'kyc.submit',
      'kyc.reopen',
      'kyc.reject',
      'kyc.submit',
    ]);
    expect(
      trail.body.data.items
        .filter((a) => a.actor_type === 'staff')
        .every((a) => a.actor_id === advisorB.id),
    ).toBe(true);
  });
});

describe('menu and settings', () => {
  it('an admin edits the client menu; clients see the new menu', async () => {
    const before = await get<{ path: string; title: string; enabled: boolean }[]>('/menu', admin);
    const items = before.body.data.map(({ path, title, enabled, ...rest }) => ({
      ...rest,
      path,
      title: path === '/news' ? 'Market News' : title,
      enabled: path === '/watchlist' ? false : enabled,
    }));
    const saved = await post('/menu', { items }, admin);
    expect(saved.status).toBe(200);
    const client = await clientOfAdvisor(t, advisorA.id);
    const menu = await t.api.get<TMenuItem[]>('/auth/app/v1/menu', client.token);
    expect(menu.body.data.find((m) => m.path === '/news')!.meta.title).toBe('Market News');
    expect(menu.body.data.map((m) => m.path)).not.toContain('/watchlist');
    expect(
      (
        await post(
          '/menu',
          { items: [{ path: 'news', name: 'N', component: 'c', title: 't', icon: 'i' }] },
          admin,
        )
      ).status,
    ).toBe(400);
  });

  it('an admin edits settings; the public settings change and each change is audited', async () => {
    const reply = await post(
      '/settings',
      {
        app_name: 'Sampada Wealth',
        regulatory_line: 'SEBI Reg. No. INA000012345',
        support: {
          phone: '+91 22 4000 1234',
          email: 'care@sampada.in',
          hours: 'Mon–Fri 9:00–18:00 IST',
        },
        deposit_bank: {
          account_name: 'Sampada Client Funds',
          account_number: '50200012345678',
          ifsc: 'HDFC0000123',
          bank_name: 'HDFC Bank',
          branch: 'Fort, Mumbai',
          upi_id: 'sampada@hdfcbank',
        },
      },
      admin,
    );
    expect(reply.status).toBe(200);
    const pub = await t.api.get<TPublicSettings>('/system/app/v1/settings');
    expect(pub.body.data).toMatchObject({
      app_name: 'Sampada Wealth',
      regulatory_line: 'SEBI Reg. No. INA000012345',
    });
    const audit = await get<TPage<TAuditEntry>>('/audit?action=settings.update&limit=10', admin);
    expect(audit.body.data.items.map((a) => a.subject_id).sort()).toEqual(
      expect.arrayContaining(['app_name', 'deposit_bank', 'regulatory_line', 'support']),
    );
  });
});

describe('audit log', () => {
  it('filters by actor, action and date, pages by cursor, newest first', async () => {
    const byActor = await get<TPage<TAuditEntry>>(
      `/audit?actor=${encodeURIComponent(advisorA.email)}&limit=100`,
      admin,
    );
    expect(byActor.body.data.items.length).toBeGreaterThan(0);
    expect(byActor.body.data.items.every((a) => a.actor_id === advisorA.id)).toBe(true);
    const signIns = await get<TPage<TAuditEntry>>('/audit?action=staff.sign_in&limit=100', admin);
    expect(signIns.body.data.items.length).toBeGreaterThanOrEqual(4);
    expect(signIns.body.data.items.every((a) => a.action === 'staff.sign_in')).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    const dated = await get<TPage<TAuditEntry>>(`/audit?from=${today}&to=${today}&limit=5`, admin);
    expect(dated.body.data.items).toHaveLength(5);
    const future = await get<TPage<TAuditEntry>>('/audit?from=2999-01-01', admin);
    expect(future.body.data.items).toHaveLength(0);

    const first = await get<TPage<TAuditEntry>>('/audit?limit=3', admin);
    const second = await get<TPage<TAuditEntry>>(
      `/audit?limit=3&cursor=${first.body.data.next_cursor}`,
      admin,
    );
    const ids = [...first.body.data.items, ...second.body.data.items].map((a) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(6);
  });

  it('writes the audit row in the same transaction: a refused action leaves none', async () => {
    const client = await clientOfAdvisor(t, advisorA.id);
    const count = async () =>
      (await get<TPage<TAuditEntry>>(`/audit?subject=${client.id}&action=kyc&limit=100`, admin))
        .body.data.items.length;
    const before = await count();
    expect((await post(`/kyc/${client.id}/approve`, {}, advisorA)).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('the database refuses to update or delete audit rows', async () => {
    // Drizzle wraps the database's error; its cause carries the trigger's message.
    const refusal = async (statement: string) => {
      try {
        await t.ctx.db.execute(statement);
        return 'accepted';
      } catch (error) {
        return String((error as { cause?: { message?: string } }).cause?.message);
      }
    };
    expect(await refusal(`update audit_log set action = 'tampered'`)).toMatch(
      /append-only \(UPDATE refused\)/,
    );
    expect(await refusal('delete from audit_log')).toMatch(/append-only \(DELETE refused\)/);
    const all = await get<TPage<TAuditEntry>>('/audit?action=tampered', admin);
    expect(all.body.data.items).toHaveLength(0);
  });
});
