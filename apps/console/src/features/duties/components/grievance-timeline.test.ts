import { describe, expect, it } from 'vitest';
import { grievanceTimeline } from './grievance-timeline';

const filed = { filed_at: '2026-11-02T05:00:00.000Z', due_date: '2026-11-23' };

describe('a complaint on its 21-day timeline', () => {
  it('counts the days left while it is open', () => {
    const open = { ...filed, status: 'open', resolved_at: null };
    expect(grievanceTimeline(open, '2026-11-02')).toBe('21 days left of 21');
    expect(grievanceTimeline(open, '2026-11-22')).toBe('1 day left of 21');
    expect(grievanceTimeline(open, '2026-11-23')).toBe('Due today');
  });

  it('counts the days overdue once the due date has passed', () => {
    const open = { ...filed, status: 'open', resolved_at: null };
    expect(grievanceTimeline(open, '2026-11-24')).toBe('1 day overdue');
    expect(grievanceTimeline(open, '2026-12-01')).toBe('8 days overdue');
  });

  it('says how many IST days a resolved one took, whatever today is', () => {
    // Filed 10:30 IST on the 2nd; resolved 00:30 IST on the 5th (19:00 UTC on the 4th).
    const resolved = { ...filed, status: 'resolved', resolved_at: '2026-11-04T19:00:00.000Z' };
    expect(grievanceTimeline(resolved, '2026-12-30')).toBe('Resolved in 3 days of 21');
  });
});
