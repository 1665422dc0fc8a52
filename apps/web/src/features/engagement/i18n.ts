import { featureTranslations } from '../../lib/i18n';

export const useEngagementTranslation = featureTranslations('engagement', {
  scoreInfo: {
    title: 'Score Info',
    yourScore: 'Your trust score',
    yourVip: 'Your VIP level',
    scoreOf: '{{score}} / 100',
    vipOf: 'VIP {{vip}}',
    scoreHeading: 'What the trust score means',
    score: [
      'The trust score runs from 0 to 100. It grows with a verified identity (KYC), the time your account has been open and your regular activity.',
      'Your advisor may adjust it, for example after a review; every adjustment is recorded in our audit log with the reason and the staff member who made it.',
    ],
    vipHeading: 'What the VIP level means',
    vip: [
      'The VIP level follows the total value of the assets you hold with us, in tiers. A higher level can bring priority service and offers published for that level.',
    ],
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
});
