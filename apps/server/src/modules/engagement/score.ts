/**
 * The trust score (issue 18): a sum of parts, each with its points, its maximum, how it was
 * earned and what would raise it. The parts' maxima add to 90; staff adjustments (each with a
 * reason) add or take away up to 20 each; the total is held between 0 and 100. A part's `detail`
 * states the fact without "you", because the console shows the same text to staff (issue 31);
 * `raise` is advice to the client and only the client app shows it.
 */
import type { TScorePart } from '@sampada/shared';
import type { ClientFacts } from './facts.ts';
import { daysInMs } from '@sampada/shared';

const ACTIVITY_DAYS = 90;

export const ageInMonths = (createdAt: Date, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / daysInMs(30.44)));

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function loanPart(facts: ClientFacts): TScorePart {
  const { due, onTime, late } = facts.instalments;
  const points = due === 0 ? 10 : Math.max(0, 15 - late * 5);
  return {
    key: 'loan_punctuality',
    label: 'Loan instalments on time',
    points,
    max: 15,
    detail:
      due === 0
        ? 'No loan instalment has fallen due yet (10 points).'
        : `${onTime} of ${plural(due, 'instalment')} due paid by the due date; 5 points off for each late one.`,
    raise:
      points < 15
        ? due === 0
          ? 'Instalments paid by their due dates earn the full 15.'
          : 'Pay every instalment by its due date; late ones stay on the record.'
        : null,
  };
}

function claimsPart(facts: ClientFacts): TScorePart {
  const points = Math.max(0, 10 - facts.claimsRejected * 5);
  return {
    key: 'claims',
    label: 'No rejected claims',
    points,
    max: 10,
    detail:
      facts.claimsRejected === 0
        ? 'No deposit claim rejected.'
        : `${plural(facts.claimsRejected, 'deposit claim')} rejected (5 points off each).`,
    raise: points < 10 ? 'Report deposits only with a correct UTR and receipt.' : null,
  };
}

function activityPart(facts: ClientFacts, now: Date): TScorePart {
  const since = now.getTime() - daysInMs(ACTIVITY_DAYS);
  const recentTrades = facts.fills.filter((f) => f.executedAt.getTime() >= since).length;
  const points = Math.min(10, recentTrades);
  return {
    key: 'activity',
    label: 'Activity',
    points,
    max: 10,
    detail: `${plural(recentTrades, 'trade')} in the last ${ACTIVITY_DAYS} days (1 point each, up to 10).`,
    raise: points < 10 ? 'Each trade in the last 90 days adds a point.' : null,
  };
}

function staffPart(facts: ClientFacts): TScorePart {
  return {
    key: 'staff',
    label: 'Staff adjustments',
    points: facts.staffPoints,
    max: 20,
    detail:
      facts.staffPoints === 0
        ? 'No adjustment by the firm.'
        : `Adjusted by the firm: ${facts.staffPoints > 0 ? '+' : ''}${facts.staffPoints}; the reasons are kept.`,
    raise: null,
  };
}

export function scoreParts(facts: ClientFacts, now: Date): TScorePart[] {
  const months = ageInMonths(facts.createdAt, now);
  const agePoints = Math.min(15, Math.floor((months * 15) / 12));
  const depositPoints = Math.min(15, facts.depositsConfirmed * 5);
  return [
    {
      key: 'kyc',
      label: 'Verified identity',
      points: facts.kycApproved ? 25 : 0,
      max: 25,
      detail: facts.kycApproved ? 'KYC approved.' : 'KYC not approved yet.',
      raise: facts.kycApproved ? null : 'Complete KYC and have it approved.',
    },
    {
      key: 'account_age',
      label: 'Time with the firm',
      points: agePoints,
      max: 15,
      detail: `${plural(months, 'full month')} with the firm (15 points at 12 months).`,
      raise: agePoints < 15 ? 'Grows by itself with each month you stay.' : null,
    },
    {
      key: 'deposits',
      label: 'Deposits settled',
      points: depositPoints,
      max: 15,
      detail: `${plural(facts.depositsConfirmed, 'deposit')} confirmed (5 points each, up to 3).`,
      raise: depositPoints < 15 ? 'Each confirmed deposit adds 5 points.' : null,
    },
    loanPart(facts),
    claimsPart(facts),
    activityPart(facts, now),
    staffPart(facts),
  ];
}

export const scoreOf = (parts: readonly TScorePart[]) =>
  Math.max(
    0,
    Math.min(
      100,
      parts.reduce((sum, p) => sum + p.points, 0),
    ),
  );
