-- VIP tiers (issue 18): VIP 0 below ₹1 lakh, 1 from ₹1 lakh, 2 from ₹10 lakh, 3 from ₹50 lakh,
-- 4 from ₹1 crore, 5 from ₹5 crore (paise). Brokerage discounts in basis points; no daily
-- withdrawal limit until the firm sets one. Admins edit them in the console.
INSERT INTO "vip_tiers" ("level", "min_assets_paise", "brokerage_discount_bps", "daily_withdrawal_limit_paise") VALUES
  (0, 0, 0, NULL),
  (1, 10000000, 500, NULL),
  (2, 100000000, 1000, NULL),
  (3, 500000000, 2000, NULL),
  (4, 1000000000, 3000, NULL),
  (5, 5000000000, 5000, NULL)
ON CONFLICT ("level") DO NOTHING;
--> statement-breakpoint
-- An installed menu gains the Client Radar entry (a fresh one is seeded with it).
INSERT INTO "menu_items" ("position", "path", "name", "component", "title", "icon")
SELECT coalesce(max("position"), 0) + 1, '/radar', 'ClientRadar', 'engagement/radar', 'Client Radar', 'radar'
FROM "menu_items"
WHERE parent_id IS NULL
HAVING count(*) > 0 AND NOT EXISTS (SELECT 1 FROM "menu_items" WHERE "name" = 'ClientRadar');
