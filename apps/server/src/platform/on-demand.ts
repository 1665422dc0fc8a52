/**
 * Libraries loaded on first use rather than at every start: each costs 0.15–0.2 s to import,
 * and most starts serve no PDF and re-encode no image before the first request.
 */
export const loadPdfKit = () => import('pdfkit').then((m) => m.default);
export const loadFontKit = () => import('fontkit');
export const loadSharp = () => import('sharp').then((m) => m.default);
