/** Dates as the firm reads them: Indian English, Indian Standard Time. */
const dateTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

export const formatDateTime = (iso: string | null | undefined) =>
  iso ? dateTime.format(new Date(iso)) : '—';

/**
 * A key as staff read it: 'loans_applied' → 'Loans applied', 'allow_bonus' → 'Allow bonus'.
 * For codes the screen has no label of its own for (issue 31: raw keys were on screen).
 */
export const humanise = (key: string) => {
  const words = key.replace(/[_.]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
