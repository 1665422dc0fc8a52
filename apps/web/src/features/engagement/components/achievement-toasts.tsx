import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '../../../lib/notify';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { achievementsQueryOptions } from '../api/get-achievements';
import { serverWords, useEngagementTranslation } from '../i18n';

const POLL_MS = 30_000;

/**
 * Toasts each achievement earned while the app is open. Achievements are granted on the
 * server by the events that earn them (a deposit confirmed, a fill), so the list is read on
 * focus, every 30 s, and whenever a money or trade change marks the `stat` keys stale; the
 * first read is the baseline, so nothing earned earlier is announced again.
 */
export function AchievementToasts() {
  const { t } = useEngagementTranslation();
  const { data } = useQuery({
    ...achievementsQueryOptions(),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
  });
  const known = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!data) return;
    const earned = data.items.filter((a) => a.earned_at);
    if (known.current === null) {
      known.current = new Set(earned.map((a) => a.code));
      return;
    }
    const fresh = earned.filter((a) => !known.current!.has(a.code));
    if (fresh.length === 0) return;
    for (const a of fresh) {
      known.current.add(a.code);
      toast({
        type: 'success',
        title: t('achievements.toastTitle'),
        message: serverWords(`achievement.${a.code}.title`, a.title),
      });
    }
    // What earned it moved the score or level too: the drawer shows them from the profile.
    void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
    void queryClient.invalidateQueries({ queryKey: queryKeys.stat.score });
  }, [data, t]);
  return null;
}
