/**
 * Path parameters that many routes share. An id that is not a uuid cannot name a record, so
 * it answers 400 with the message the record's own "not found" would give.
 */
import { z } from 'zod';

/** `:id` as a uuid; `message` is the 400 answer for anything else. */
export const idParam = (message: string) => z.object({ id: z.uuid({ error: message }) });

const CLIENT_NOT_FOUND = 'Client not found.';

/** A console route's client, as `:id`. */
export const ZClientIdParam = idParam(CLIENT_NOT_FOUND);

/** A console route's client, as `:clientId` (where `:id` names something of theirs). */
export const ZClientIdPathParam = z.object({ clientId: z.uuid({ error: CLIENT_NOT_FOUND }) });
