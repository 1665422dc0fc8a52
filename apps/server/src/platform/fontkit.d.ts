/** What platform/pdf.ts uses of fontkit (it ships no types): a font parsed from a file. */
declare module 'fontkit' {
  export function openSync(path: string): object;
}
