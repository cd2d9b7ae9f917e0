-- A shop's vacation (docs/product/shops.md): the day selling resumes (US Eastern) and the seller's message; the
-- partial index serves the job users-end-vacations, which clears them when their day comes.
ALTER TABLE "users" ADD COLUMN "vacation_until" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vacation_message" text;--> statement-breakpoint
CREATE INDEX "users_vacation_until_idx" ON "users" USING btree ("vacation_until") WHERE "users"."vacation_until" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_vacation_message_length" CHECK ("users"."vacation_message" is null or char_length("users"."vacation_message") <= 500);