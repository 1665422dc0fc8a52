/** The compiled server's entry, apps/server/dist/main.js (absolute). */
export const SERVER_MAIN: string;
/** Whether the compiled server is newer than all of its sources. */
export function serverBuildIsFresh(): boolean;
export function buildServerIfNeeded(options?: { quiet?: boolean }): void;
export function buildIfNeeded(): void;
