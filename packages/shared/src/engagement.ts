/**
 * Engagement (issue 18, docs/api-engagement.md): VIP levels from a 30-day average of closing
 * assets, the trust score as a sum of explained parts, achievements and the client radar.
 * Money is integer paise; discounts are basis points of brokerage (2500 = 25% off).
 */
import { z } from 'zod';
import { requiredText } from './schemas.ts';

/** The days whose closing assets are averaged for the VIP level. */
export const VIP_AVERAGE_DAYS = 30;

export const EM = {
  reasonRequired: 'Enter the reason for the adjustment.',
  pointsRange: 'Points must be a whole number from -20 to 20, not 0.',
  tiersOrder: 'Each level must need more assets than the level below it.',
  tierZeroFromZero: 'VIP 0 must start at ₹0.',
  discountRange: 'A discount is from 0% to 100% (0 to 10000 basis points).',
  withdrawalLimitExceeded: (limit: string) =>
    `Your daily withdrawal limit is ${limit}. Try a smaller amount or withdraw again tomorrow.`,
  tiersSaved: 'VIP tiers saved. Levels are being recomputed.',
  adjusted: 'Score adjusted.',
} as const;

const paise = z.number().int();

export const ZVipTier = z.object({
  level: z.number().int().min(0).max(5),
  min_assets_paise: paise.min(0),
  /** Basis points off the brokerage (2500 = 25%). */
  brokerage_discount_bps: z.number().int().min(0, EM.discountRange).max(10_000, EM.discountRange),
  /** Null: no limit of this tier's own. */
  daily_withdrawal_limit_paise: paise.min(1).nullable(),
});
export type TVipTier = z.infer<typeof ZVipTier>;

export const ZVipTiersRequest = z
  .object({ tiers: z.array(ZVipTier).length(6) })
  .superRefine((value, ctx) => {
    const sorted = [...value.tiers].sort((a, b) => a.level - b.level);
    if (sorted.some((t, i) => t.level !== i))
      ctx.addIssue({
        code: 'custom',
        path: ['tiers'],
        message: 'Give each level from 0 to 5 once.',
      });
    else if (sorted[0]!.min_assets_paise !== 0)
      ctx.addIssue({ code: 'custom', path: ['tiers'], message: EM.tierZeroFromZero });
    else if (sorted.some((t, i) => i > 0 && t.min_assets_paise <= sorted[i - 1]!.min_assets_paise))
      ctx.addIssue({ code: 'custom', path: ['tiers'], message: EM.tiersOrder });
  });
export type TVipTiersRequest = z.infer<typeof ZVipTiersRequest>;

export const ZVip = z.object({
  level: z.number().int(),
  /** The average of the last 30 days' closing assets (days before the first count as 0). */
  average_assets_paise: paise,
  /** Today's assets: cash + holdings at the feed's price (pledged included) − loans. */
  current_assets_paise: paise,
  /** What the next level needs on average; null at the top. */
  next_level_paise: paise.nullable(),
  tier: ZVipTier,
  tiers: z.array(ZVipTier),
  days: z.array(z.object({ day: z.string(), assets_paise: paise })),
});
export type TVip = z.infer<typeof ZVip>;

export const SCORE_PARTS = [
  'kyc',
  'account_age',
  'deposits',
  'loan_punctuality',
  'claims',
  'activity',
  'staff',
] as const;
export type TScorePartKey = (typeof SCORE_PARTS)[number];

export const ZScorePart = z.object({
  key: z.enum(SCORE_PARTS),
  label: z.string(),
  points: z.number().int(),
  max: z.number().int(),
  /** How the points were earned, in words. */
  detail: z.string(),
  /** What would raise it; null at the maximum. */
  raise: z.string().nullable(),
});
export type TScorePart = z.infer<typeof ZScorePart>;

export const ZScoreHistoryItem = z.object({
  score: z.number().int(),
  reason: z.string(),
  at: z.string(),
});
export const ZScore = z.object({
  score: z.number().int(),
  parts: z.array(ZScorePart),
  history: z.array(ZScoreHistoryItem),
  computed_at: z.string().nullable(),
});
export type TScore = z.infer<typeof ZScore>;

export const ACHIEVEMENT_CODES = [
  'kyc_verified',
  'first_deposit',
  'first_trade',
  'first_ipo_bid',
  'ten_trades',
  'five_sectors',
  'loan_repaid',
  'vip_one',
  'one_year',
] as const;
export type TAchievementCode = (typeof ACHIEVEMENT_CODES)[number];

export const ZAchievement = z.object({
  code: z.enum(ACHIEVEMENT_CODES),
  title: z.string(),
  description: z.string(),
  earned_at: z.string().nullable(),
  progress: z.number().int(),
  target: z.number().int(),
});
export type TAchievement = z.infer<typeof ZAchievement>;
export const ZAchievements = z.object({ items: z.array(ZAchievement) });
export type TAchievements = z.infer<typeof ZAchievements>;

export const RADAR_AXES = ['diversification', 'activity', 'risk', 'return', 'discipline'] as const;
export type TRadarAxis = (typeof RADAR_AXES)[number];
export const ZRadarScore = z.object({
  axis: z.enum(RADAR_AXES),
  label: z.string(),
  value: z.number().int().min(0).max(100),
  /** How the value was computed, in one sentence with the client's own figures. */
  explanation: z.string(),
});
export type TRadarScore = z.infer<typeof ZRadarScore>;
export const ZRadar = z.object({ scores: z.array(ZRadarScore), computed_at: z.string() });
export type TRadar = z.infer<typeof ZRadar>;

export const ZScoreAdjustmentRequest = z.object({
  points: z.coerce
    .number()
    .int(EM.pointsRange)
    .min(-20, EM.pointsRange)
    .max(20, EM.pointsRange)
    .refine((n) => n !== 0, EM.pointsRange),
  reason: requiredText(EM.reasonRequired).max(500),
});
export type TScoreAdjustmentRequest = z.input<typeof ZScoreAdjustmentRequest>;

export const ZConsoleEngagement = z.object({
  vip: ZVip,
  score: ZScore,
  achievements: z.array(ZAchievement),
  radar: ZRadar,
  adjustments: z.array(
    z.object({
      points: z.number().int(),
      reason: z.string(),
      staff: z.string(),
      at: z.string(),
    }),
  ),
});
export type TConsoleEngagement = z.infer<typeof ZConsoleEngagement>;
