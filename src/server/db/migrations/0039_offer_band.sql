-- Issue 54: a position's pay band for offers (lib/offers/band.ts, decision 068): private to those who may read
-- offers, apart from the advertised salary; all four columns or none.
ALTER TABLE "positions" ADD COLUMN "offer_band_min" integer;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "offer_band_max" integer;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "offer_band_currency" text;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "offer_band_period" text;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_offer_band" CHECK (("positions"."offer_band_min" is null and "positions"."offer_band_max" is null and "positions"."offer_band_currency" is null and "positions"."offer_band_period" is null)
        or ("positions"."offer_band_min" is not null and "positions"."offer_band_max" is not null and "positions"."offer_band_currency" is not null and "positions"."offer_band_period" is not null
          and "positions"."offer_band_min" >= 0 and "positions"."offer_band_min" <= "positions"."offer_band_max" and "positions"."offer_band_currency" ~ '^[A-Z]{3}$' and offer_band_period in ('year', 'month', 'hour')));