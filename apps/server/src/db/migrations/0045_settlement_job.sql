-- Issue 36 (decision 052): the leader's job prepares a settlement date's batch by itself. Such a
-- batch has no preparing officer (null); one operations officer approves it, as the checker.
ALTER TABLE "settlement_batches" ALTER COLUMN "prepared_by" DROP NOT NULL;
--> statement-breakpoint
-- A client settled out of their quarterly cycle because they have not traded for 30 days.
ALTER TABLE "settlement_lines" ADD COLUMN "no_recent_trade" boolean DEFAULT false NOT NULL;
