CREATE TABLE "earn_risk_acknowledgements" (
	"user_id" integer NOT NULL,
	"product_type" integer NOT NULL,
	"acknowledged_at" timestamp with time zone NOT NULL,
	CONSTRAINT "earn_risk_acknowledgements_user_id_product_type_pk" PRIMARY KEY("user_id","product_type")
);
--> statement-breakpoint
ALTER TABLE "earn_risk_acknowledgements" ADD CONSTRAINT "earn_risk_acknowledgements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;