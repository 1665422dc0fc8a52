import { DEFAULT_LANGUAGE, featureTranslations, i18n } from '../../lib/i18n';

/** The engagement namespace's strings: the spec's wording, and the shape of every translation. */
export const engagementEnUS = {
  scoreInfo: {
    title: 'Score Info',
    yourScore: 'Your trust score',
    yourVip: 'Your VIP level',
    scoreOf: '{{score}} / 100',
    vipOf: 'VIP {{vip}}',
    partsHeading: 'How your score is made up',
    partsIntro:
      'Your score is the sum of these parts, each computed from your own records; the total is held between 0 and 100.',
    points: '{{points}} / {{max}}',
    toRaise: 'To raise it: {{text}}',
    historyHeading: 'Score history',
    noHistory: 'No changes yet.',
    vipHeading: 'How your VIP level is set',
    vipText:
      'Your level follows the average of your total assets (cash, holdings at the market price including pledged shares, less what your loans owe) at each day’s close over the last 30 days.',
    average: '30-day average',
    today: 'Today',
    nextLevel: 'VIP {{level}} from an average of {{amount}}',
    topLevel: 'You are at the highest level.',
    tiersHeading: 'Levels and benefits',
    tierFrom: 'From {{amount}}',
    discount: '{{pct}} off brokerage',
    noDiscount: 'No brokerage discount',
    withdrawalLimit: 'Withdrawals up to {{amount}} a day',
    noWithdrawalLimit: 'No daily withdrawal limit',
    computedAt: 'Computed {{at}}',
  },
  achievements: {
    title: 'Achievements',
    earned: 'Earned {{date}}',
    locked: 'Locked',
    progress: '{{progress}} / {{target}}',
    summary: '{{earned}} of {{total}} earned',
    toastTitle: 'Achievement earned',
  },
  radar: {
    title: 'Client Radar',
    intro:
      'Five scores from 0 to 100 computed from your own holdings and trades. Each says how it was computed.',
    chartLabel: 'Your scores',
  },
  // The server's own words for its score parts, radar axes and achievements, by key: shown
  // as sent in English, looked up by key in another language.
  server: {
    part: {
      kyc: 'Verified identity',
      account_age: 'Time with the firm',
      deposits: 'Deposits settled',
      loan_punctuality: 'Loan instalments on time',
      claims: 'No rejected claims',
      activity: 'Activity',
      staff: 'Staff adjustments',
    },
    axis: {
      diversification: 'Diversification',
      activity: 'Activity',
      risk: 'Risk',
      return: 'Return vs NIFTY 50',
      discipline: 'Discipline',
    },
    achievement: {
      kyc_verified: { title: 'Verified', description: 'Your KYC was approved.' },
      first_deposit: { title: 'First deposit', description: 'A deposit of yours was confirmed.' },
      first_trade: { title: 'First trade', description: 'An order of yours was filled.' },
      first_ipo_bid: { title: 'First IPO bid', description: 'You bid in an IPO.' },
      ten_trades: { title: '10 trades', description: 'Ten of your trades were filled.' },
      five_sectors: {
        title: 'Five sectors',
        description: 'You hold shares in five different sectors at once.',
      },
      loan_repaid: { title: 'Loan repaid', description: 'You repaid a loan in full.' },
      vip_one: { title: 'VIP', description: 'Your 30-day average assets reached VIP 1.' },
      one_year: { title: 'One year with us', description: 'A year since you joined the firm.' },
    },
  },
  offers: {
    title: 'Offers',
    empty: 'No offers for you right now.',
    bonus: 'Bonus',
    fixed: 'Bonus of {{amount}}',
    cashback: '{{rate}} of your brokerage back, up to {{cap}}',
    until: 'Until {{date}}',
    claim: 'Claim bonus',
    claimed: 'Claimed: {{amount}}',
    credited: '{{amount}} credited to your cash.',
    failed: 'The bonus could not be claimed.',
  },
};

export const useEngagementTranslation = featureTranslations('engagement', engagementEnUS, {
  'hi-IN': () => import('./hi-IN'),
});

/** Words the server sends in English (a score part, an axis, an achievement), by their key. */
export const serverWords = (key: string, sent: string) =>
  i18n.language === DEFAULT_LANGUAGE
    ? sent
    : i18n.t(`engagement:server.${key}`, { defaultValue: sent });
