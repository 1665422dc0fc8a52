/**
 * Each console page's browser title, "Deposits · Sampada Console", so staff with many tabs
 * open can tell them apart (issue 20). Detail pages are named before their list's label.
 */
export const CONSOLE_NAME = 'Sampada Console';

const DETAILS: [RegExp, string][] = [
  [/^\/clients\/[^/]+\/ledger$/, 'Client ledger'],
  [/^\/clients\/[^/]+$/, 'Client'],
  [/^\/kyc\/[^/]+$/, 'KYC review of a client'],
  [/^\/credit\/loans\/[^/]+$/, 'Loan'],
  [/^\/trading\/offerings\/ipos\/[^/]+$/, 'IPO'],
  [/^\/news\/new$/, 'New article'],
  [/^\/news\/[^/]+$/, 'Article'],
  [/^\/sign-in$/, 'Sign in'],
];

export function consoleTitle(pathname: string, nav: { label: string; to: string }[]): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  const detail = DETAILS.find(([pattern]) => pattern.test(path))?.[1];
  const listed = nav
    .filter((item) => (item.to === '/' ? path === '/' : path === item.to))
    .map((item) => item.label)[0];
  const name = detail ?? listed;
  return name ? `${name} · ${CONSOLE_NAME}` : CONSOLE_NAME;
}
