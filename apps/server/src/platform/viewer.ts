/**
 * The staff member behind a console request, as services need them (docs/decisions/010): who
 * they are, their roles, and the scope those roles imply. The staff guard builds it once per
 * request; routes pass it into services, which apply the scope themselves.
 */
import { mayAccess, type TConsoleArea, type TStaffRole } from '@sampada/shared';
import { forbidden } from './errors.ts';

export type Viewer = {
  readonly staffId: string;
  readonly roles: readonly TStaffRole[];
  /**
   * Whose clients they may see: null for every client (admin, operations, support), or the
   * advisor they are limited to — themselves, when they are an advisor and nothing more.
   */
  readonly seesAdvisor: string | null;
  /**
   * Whose clients and invitation codes they may act on: null for any advisor's (admin), or
   * themselves.
   */
  readonly actsForAdvisor: string | null;
};

export function viewerFor(staff: { staffId: string; roles: readonly TStaffRole[] }): Viewer {
  return {
    staffId: staff.staffId,
    roles: staff.roles,
    seesAdvisor: mayAccess(staff.roles, 'everyClient') ? null : staff.staffId,
    actsForAdvisor: mayAccess(staff.roles, 'anyAdvisor') ? null : staff.staffId,
  };
}

/** Whether the viewer's roles open this part of the console (ROLE_ACCESS). */
export const viewerMay = (viewer: Viewer, area: TConsoleArea) => mayAccess(viewer.roles, area);

const OTHER_ADVISOR = 'This client belongs to another advisor.';

/** 403 unless the viewer may see a client advised by `advisorId`. */
export function assertSees(viewer: Viewer, advisorId: string | null) {
  if (viewer.seesAdvisor !== null && advisorId !== viewer.seesAdvisor)
    throw forbidden(OTHER_ADVISOR);
}

/** 403 unless the viewer may act on a client (or invitation code) of `advisorId`. */
export function assertActsFor(viewer: Viewer, advisorId: string | null) {
  if (viewer.actsForAdvisor !== null && advisorId !== viewer.actsForAdvisor)
    throw forbidden(OTHER_ADVISOR);
}
