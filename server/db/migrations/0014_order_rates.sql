CREATE TABLE "earn_order_rates" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"calls" integer NOT NULL,
	"previous_calls" integer NOT NULL
);
