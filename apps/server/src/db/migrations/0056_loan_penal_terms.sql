-- Issue 33: the penal charge becomes a setting admins edit, so a loan keeps the one its key fact
-- statement named (as it keeps its rate and foreclosure charge) and a product edit changes only
-- new applications. Products could not be edited in this setting before, so every loan so far
-- was told its product's current one: copied from it. A product charges by one kind only, the
-- other kind's figure 0, within the caps of packages/shared (36% a year, ₹5,000 an instalment).
ALTER TABLE "loans" ADD COLUMN "penal_kind" text DEFAULT 'rate' NOT NULL;
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "penal_rate_bps" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "penal_flat_paise" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "loans" SET "penal_kind" = p."penal_kind", "penal_rate_bps" = p."penal_rate_bps", "penal_flat_paise" = p."penal_flat_paise" FROM "credit_products" p WHERE p."id" = "loans"."product_id";
--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_penal" CHECK ("loans"."penal_kind" in ('rate', 'flat') and "loans"."penal_rate_bps" >= 0 and "loans"."penal_flat_paise" >= 0);
--> statement-breakpoint
ALTER TABLE "credit_products" ADD CONSTRAINT "credit_products_penal" CHECK ("credit_products"."penal_rate_bps" between 0 and 3600 and "credit_products"."penal_flat_paise" between 0 and 500000 and (("credit_products"."penal_kind" = 'rate' and "credit_products"."penal_flat_paise" = 0) or ("credit_products"."penal_kind" = 'flat' and "credit_products"."penal_rate_bps" = 0)));
