/**
 * Grievances (docs/api-duties.md): a client files a plain complaint and sees it beside their
 * compensation claims, each with its 21-day due date; support and operations resolve them,
 * overdue ones first. Filing and resolving are acknowledged by e-mail when the client has a
 * verified address.
 */
import type { TGrievanceRequest } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import { fileGrievance } from './file-grievance.ts';
import type { GrievanceDeps } from './grievance-deps.ts';
import { grievanceQueue, listOfClient } from './list-grievances.ts';
import { resolveGrievance } from './resolve-grievance.ts';

export type { ClaimSummary } from './grievance-deps.ts';
export { GRIEVANCE_TRANSITIONS } from './resolve-grievance.ts';

export function createGrievanceService(deps: GrievanceDeps) {
  return {
    file: (clientId: string, input: Required<TGrievanceRequest>, actor: Actor) =>
      fileGrievance(deps, clientId, input, actor),

    /** The client's own complaints and compensation claims, newest first. */
    listOfClient: (clientId: string) => listOfClient(deps, clientId),

    /** The console's queue: open ones by due date (overdue lead), then the resolved. */
    queue: (filter: { status?: 'open' | 'resolved' | undefined }) => grievanceQueue(deps, filter),

    resolve: (id: string, resolution: string, staffId: string, actor: Actor) =>
      resolveGrievance(deps, id, resolution, staffId, actor),
  };
}
export type GrievanceService = ReturnType<typeof createGrievanceService>;
