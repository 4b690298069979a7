CREATE TABLE "earn_auto_savings" (
	"user_id" integer NOT NULL,
	"coin" text NOT NULL,
	"open" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"last_sweep_day" text,
	CONSTRAINT "earn_auto_savings_user_id_coin_pk" PRIMARY KEY("user_id","coin")
);
--> statement-breakpoint
CREATE TABLE "earn_accounts" (
	"user_id" integer NOT NULL,
	"coin" text NOT NULL,
	"account_type" integer NOT NULL,
	"balance" numeric(38, 18) DEFAULT '0' NOT NULL,
	CONSTRAINT "earn_accounts_user_id_coin_account_type_pk" PRIMARY KEY("user_id","coin","account_type"),
	CONSTRAINT "earn_accounts_non_negative" CHECK ("earn_accounts"."balance" >= 0 OR "earn_accounts"."user_id" = 0)
);
--> statement-breakpoint
CREATE TABLE "earn_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"client_order_id" text NOT NULL,
	"action" text NOT NULL,
	"request_hash" text NOT NULL,
	"product_id" text,
	"product_type" integer,
	"coin" text,
	"amount" numeric(38, 18),
	"status" text NOT NULL,
	"fail_code" integer DEFAULT 0 NOT NULL,
	"position_id" text,
	"response" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earn_positions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" text NOT NULL,
	"product_type" integer NOT NULL,
	"coin" text NOT NULL,
	"principal" numeric(38, 18) NOT NULL,
	"apr_boost" numeric(20, 8) DEFAULT '0' NOT NULL,
	"claimable_yield" numeric(38, 18) DEFAULT '0' NOT NULL,
	"total_yield" numeric(38, 18) DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"liquidity_status" integer,
	"leverage" numeric(20, 8),
	"voucher_id" text,
	"started_at" timestamp with time zone NOT NULL,
	"accrued_until" timestamp with time zone NOT NULL,
	"maturity_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"dual" jsonb,
	CONSTRAINT "earn_positions_non_negative" CHECK ("earn_positions"."principal" >= 0 AND "earn_positions"."claimable_yield" >= 0)
);
--> statement-breakpoint
CREATE TABLE "earn_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earn_vouchers" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" numeric(38, 18) NOT NULL,
	"coin" text,
	"product_type" integer,
	"min_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" integer NOT NULL,
	"position_id" text
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"posting_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"coin" text NOT NULL,
	"account_type" integer NOT NULL,
	"amount" numeric(38, 18) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"coin" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"product_id" text,
	"product_type" integer,
	"order_id" text,
	"position_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "apr_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "min_kyc_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "early_redeem" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stage" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "coin_on_sale_status" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "offer" jsonb;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_posting_id_ledger_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "earn_orders_client_id_idx" ON "earn_orders" USING btree ("user_id","client_order_id");--> statement-breakpoint
CREATE INDEX "earn_orders_user_status_idx" ON "earn_orders" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "earn_positions_user_idx" ON "earn_positions" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "ledger_entries_posting_idx" ON "ledger_entries" USING btree ("posting_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_user_idx" ON "ledger_postings" USING btree ("user_id","id");