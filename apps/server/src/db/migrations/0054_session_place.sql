-- Issue 32: where a session was last seen, as words ("Mumbai, Maharashtra, India") from DB-IP's
-- City Lite database when the session is made or refreshed from a new address; null when the
-- address is private, reserved or not in the database (and for sessions made before this).
ALTER TABLE "sessions" ADD COLUMN "place" text;
