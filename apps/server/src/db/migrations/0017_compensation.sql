CREATE TABLE "compensation_claims" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" bigserial NOT NULL,
	"reference" text NOT NULL,
	"client_id" uuid NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"amount_claimed_paise" bigint NOT NULL,
	"amount_approved_paise" bigint,
	"description" text NOT NULL,
	"related_kind" text,
	"related_id" uuid,
	"related_label" text,
	"decision_due" date NOT NULL,
	"approvals_required" integer DEFAULT 1 NOT NULL,
	"first_approved_by" uuid,
	"first_approved_at" timestamp with time zone,
	"proposed_paise" bigint,
	"second_approved_by" uuid,
	"decided_by" uuid,
	"reason" text,
	"paid_by" uuid,
	"payment_posting_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	CONSTRAINT "compensation_claims_number_unique" UNIQUE("number"),
	CONSTRAINT "compensation_claims_reference_unique" UNIQUE("reference"),
	CONSTRAINT "compensation_claims_amount" CHECK ("compensation_claims"."amount_claimed_paise" > 0),
	CONSTRAINT "compensation_claims_approved" CHECK ("compensation_claims"."amount_approved_paise" is null or "compensation_claims"."amount_approved_paise" between 1 and "compensation_claims"."amount_claimed_paise"),
	CONSTRAINT "compensation_claims_two_officers" CHECK ("compensation_claims"."second_approved_by" is null or "compensation_claims"."second_approved_by" <> "compensation_claims"."first_approved_by"),
	CONSTRAINT "compensation_claims_paid" CHECK ("compensation_claims"."status" <> 'paid' or "compensation_claims"."paid_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "compensation_config" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compensation_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"claim_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"by" text NOT NULL,
	"message" text NOT NULL,
	"detail" jsonb,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compensation_evidence" (
	"claim_id" uuid NOT NULL,
	"upload_id" uuid NOT NULL,
	"event_id" bigint,
	"position" integer NOT NULL,
	CONSTRAINT "compensation_evidence_claim_id_upload_id_pk" PRIMARY KEY("claim_id","upload_id")
);
--> statement-breakpoint
CREATE TABLE "offer_claims" (
	"id" uuid PRIMARY KEY NOT NULL,
	"offer_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"status" text DEFAULT 'credited' NOT NULL,
	"posting_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "offer_claims_once" UNIQUE("offer_id","client_id"),
	CONSTRAINT "offer_claims_amount" CHECK ("offer_claims"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"image_file" text,
	"kind" text NOT NULL,
	"bonus_kind" text,
	"amount_paise" bigint,
	"cashback_bps" integer,
	"cashback_cap_paise" bigint,
	"budget_paise" bigint,
	"budget_used_paise" bigint DEFAULT 0 NOT NULL,
	"claims" integer DEFAULT 0 NOT NULL,
	"min_vip" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "offers_budget" CHECK ("offers"."budget_used_paise" >= 0 and ("offers"."budget_paise" is null or "offers"."budget_used_paise" <= "offers"."budget_paise")),
	CONSTRAINT "offers_validity" CHECK ("offers"."valid_until" > "offers"."valid_from"),
	CONSTRAINT "offers_kind" CHECK ("offers"."kind" in ('info', 'bonus'))
);
--> statement-breakpoint
ALTER TABLE "compensation_claims" ADD CONSTRAINT "compensation_claims_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compensation_claims" ADD CONSTRAINT "compensation_claims_first_approved_by_staff_id_fk" FOREIGN KEY ("first_approved_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compensation_claims" ADD CONSTRAINT "compensation_claims_second_approved_by_staff_id_fk" FOREIGN KEY ("second_approved_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compensation_claims" ADD CONSTRAINT "compensation_claims_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compensation_claims" ADD CONSTRAINT "compensation_claims_paid_by_staff_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compensation_events" ADD CONSTRAINT "compensation_events_claim_id_compensation_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."compensation_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compensation_evidence" ADD CONSTRAINT "compensation_evidence_claim_id_compensation_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."compensation_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compensation_evidence" ADD CONSTRAINT "compensation_evidence_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compensation_evidence" ADD CONSTRAINT "compensation_evidence_event_id_compensation_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."compensation_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_claims" ADD CONSTRAINT "offer_claims_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_claims" ADD CONSTRAINT "offer_claims_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compensation_claims_client" ON "compensation_claims" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "compensation_claims_status" ON "compensation_claims" USING btree ("status","decision_due");--> statement-breakpoint
CREATE INDEX "compensation_events_claim" ON "compensation_events" USING btree ("claim_id","id");--> statement-breakpoint
CREATE INDEX "offer_claims_client" ON "offer_claims" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "offers_status" ON "offers" USING btree ("status","valid_until");