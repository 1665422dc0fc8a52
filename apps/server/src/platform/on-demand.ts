/**
 * Libraries loaded on first use rather than at every start: each costs 0.15–0.2 s to import,
 * and most starts serve no PDF and re-encode no image before the first request. The promise is
 * kept: a dynamic `import()` of a loaded module still resolves it again (under tsx's loader,
 * ~0.5 ms a contract note in a profile).
 */
const once = <T>(load: () => Promise<T>) => {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
};
export const loadPdfKit = once(() => import('pdfkit').then((m) => m.default));
export const loadFontKit = once(() => import('fontkit'));
export const loadSharp = once(() => import('sharp').then((m) => m.default));
