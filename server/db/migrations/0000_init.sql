CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"product_type" integer NOT NULL,
	"coin" text NOT NULL,
	"apr" numeric(20, 8) NOT NULL,
	"term_days" integer DEFAULT 0 NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"max_amount" numeric(38, 18) NOT NULL,
	"total_quota" numeric(38, 18) NOT NULL,
	"remaining_quota" numeric(38, 18) NOT NULL,
	"subscribe_start_at" timestamp with time zone NOT NULL,
	"subscribe_end_at" timestamp with time zone,
	"offline" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
