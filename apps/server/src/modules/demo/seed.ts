/**
 * The demo a fresh clone starts with: one staff member per role, a live invitation code,
 * settings, the default menu, one KYC-approved client whose ID images are drawn here and who
 * has months of deposits and trades behind them (history.ts), and a few research notes in News.
 */
import { md5, daysInMs, type TChatSettings } from '@sampada/shared';
import { seedTwoFactorClient } from './two-factor-client.ts';
import type { AppContext } from '../../context.ts';
import { type Actor, cliActor } from '../../platform/audit.ts';
import type { StaffRow } from '../staff/service.ts';
import { loadSharp } from '../../platform/on-demand.ts';
import { seedDemoNews } from '../news/service.ts';
import { seedDemoDeals } from '../trading/service.ts';
import { DEMO_PIN, seedDemoHistory } from './history.ts';

export const DEMO_STAFF_PASSWORD = 'Sampada@2026';
export const DEMO_CLIENT = { mobile: '9876543210', password: 'demo1234', pin: DEMO_PIN };
export { DEMO_2FA_CLIENT } from './two-factor-client.ts';
export const DEMO_STAFF = [
  { email: 'admin@sampada.in', name: 'Asha Admin', roles: ['admin'] as const },
  { email: 'advisor@sampada.in', name: 'Vikram Advisor', roles: ['advisor'] as const },
  { email: 'ops@sampada.in', name: 'Meera Operations', roles: ['operations'] as const },
  { email: 'support@sampada.in', name: 'Rahul Support', roles: ['support'] as const },
];

export type DemoSummary = { seeded: boolean; inviteCode: string | null };

/** A plain ID-card-like picture, so the demo client's KYC record has real images to show. */
async function drawIdSide(label: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="860" height="540">
    <rect width="860" height="540" rx="28" fill="#eef3fb" stroke="#1c4e80" stroke-width="6"/>
    <text x="40" y="90" font-family="sans-serif" font-size="44" fill="#1c4e80">DEMO IDENTITY CARD</text>
    <text x="40" y="170" font-family="sans-serif" font-size="34" fill="#333">${label}</text>
    <text x="40" y="480" font-family="sans-serif" font-size="26" fill="#777">Sample document generated for the Sampada demo</text>
  </svg>`;
  return (await loadSharp())(Buffer.from(svg)).png().toBuffer();
}

const DEMO_WATCHLIST = ['RELIANCE', 'HDFCBANK', 'TCS', 'INFY', 'ITC', 'M&M'];

/** The demo is there once its first staff member is (the seed creates them first). */
export const isDemoSeeded = async (ctx: AppContext) =>
  (await ctx.staff.findByEmail(DEMO_STAFF[0]!.email)) !== undefined;

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * The desk's hours as the support contacts state them: "Monday to Saturday, 9:00–18:00 IST".
 * Written from the chat's own office hours, so the chat reads "online" only inside the hours
 * the client is told (issue 31: the contacts said Saturday closed at 14:00, the chat stayed
 * online until 18:00).
 */
export function statedHours(hours: TChatSettings['office_hours']): string {
  const days = [...hours.days].sort((a, b) => a - b);
  const run = days.every((day, i) => i === 0 || day === days[i - 1]! + 1);
  const names = days.map((day) => WEEKDAYS[day - 1]!);
  const when = run && names.length > 2 ? `${names[0]} to ${names.at(-1)}` : names.join(', ');
  const time = (hhmm: string) => hhmm.replace(/^0(\d)/, '$1');
  return `${when}, ${time(hours.open)}–${time(hours.close)} IST`;
}

/** The support contacts, the demo's receiving account and its regulatory line. */
async function seedDemoSettings(ctx: AppContext, actor: Actor) {
  const { chat } = await ctx.settings.all();
  await ctx.settings.update(
    'support',
    {
      phone: '+91 22 6900 1000',
      email: 'support@sampada.in',
      hours: statedHours(chat.office_hours),
    },
    actor,
  );
  // A demonstration receiving account, so deposits work in the demo; a firm enters its own.
  await ctx.settings.update(
    'deposit_bank',
    {
      account_name: 'Sampada Wealth Client Money Account (demo)',
      account_number: '50200012345678',
      ifsc: 'HDFC0000240',
      bank_name: 'HDFC Bank',
      branch: 'Demo branch, Fort, Mumbai',
      upi_id: 'sampada.clients@hdfcbank',
    },
    actor,
  );
  await ctx.settings.update(
    'regulatory_line',
    'Sampada is a demonstration platform. A live firm shows its SEBI registration number here.',
    actor,
  );
}

/** The demo client joins with the advisor's code and has KYC approved (history.ts runs it). */
async function onboardDemoClient(ctx: AppContext, advisor: StaffRow, actor: Actor) {
  const demoInvite = await ctx.invites.createInvite(
    advisor,
    { maxUses: 1, note: 'demo client' },
    actor,
  );
  await ctx.auth.register(
    {
      mobile: `+91${DEMO_CLIENT.mobile}`,
      passwordMd5: md5(DEMO_CLIENT.password),
      inviteCode: demoInvite.code,
    },
    { ip: '127.0.0.1', userAgent: 'demo seed' },
  );
  const client = (await ctx.clients.findByMobile(`+91${DEMO_CLIENT.mobile}`))!;
  const [front, back] = await Promise.all(
    ['Front · Priya Sharma', 'Back · Address: Bandra West, Mumbai'].map(async (label) =>
      ctx.uploads.storeImage({
        clientId: client.id,
        purpose: 'kyc',
        bytes: await drawIdSide(label),
      }),
    ),
  );
  const base = 'http://localhost';
  await ctx.kyc.submit(
    client.id,
    {
      full_name: 'Priya Sharma',
      dob: '1988-04-12',
      mobile: DEMO_CLIENT.mobile,
      id_no: 'ABCPS1234K',
      id_front_url: ctx.uploads.signedUrl(base, front!.id),
      id_back_url: ctx.uploads.signedUrl(base, back!.id),
    },
    actor,
  );
  await ctx.kyc.review(client.id, 'approve', actor);
  return client.id;
}

export async function seedDemo(ctx: AppContext): Promise<DemoSummary> {
  await ctx.menu.seedDefaults();
  if (await isDemoSeeded(ctx)) return { seeded: false, inviteCode: null };
  const actor = cliActor();
  const created = [];
  for (const member of DEMO_STAFF) {
    created.push(
      await ctx.staff.createStaff(
        { ...member, roles: [...member.roles], password: DEMO_STAFF_PASSWORD },
        actor,
      ),
    );
  }
  const advisor = created[1]!;
  const invite = await ctx.invites.createInvite(
    advisor,
    { maxUses: 100, expiresInMs: daysInMs(30), note: 'demo' },
    actor,
  );
  await seedDemoSettings(ctx, actor);

  await ctx.market.init();
  // The demo client joined months ago and has traded since (history.ts).
  const onboard = () => onboardDemoClient(ctx, advisor, actor);
  const clientId = await seedDemoHistory(ctx, {
    staffId: created[2]!.id,
    adminId: created[0]!.id,
    onboard,
  });
  await seedDemoNews(ctx.news, ctx.clock, advisor.id, actor);
  for (const symbol of DEMO_WATCHLIST) await ctx.market.service.addToWatchlist(clientId, symbol);
  await seedDemoDeals(ctx.trading, {
    now: ctx.clock.now(),
    staffId: created[2]!.id,
    actor,
    priceOf: (symbol) => ctx.market.engine.state(symbol)?.last ?? null,
  });
  // The server's listeners start after the seed, so the standing the history earns (VIP,
  // score, achievements) is computed here, by engagement's own path.
  await ctx.engagement.recompute(clientId, 'Demo history');
  await seedTwoFactorClient(ctx, advisor, actor);
  return { seeded: true, inviteCode: invite.code };
}
