import { eq } from 'drizzle-orm';
import { AdminRuleError } from '../admin-command.ts';
import { audit } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { positions } from '../db/schema.ts';
import { assertReach, type Staff } from '../access/guard.ts';
import { mayOnPosition, type Who } from '../access/permissions.ts';
import { offerBandValues, type OfferBand, type OfferBandForm } from '../../lib/offers/band.ts';
import { positionFormMessages } from '../../lib/positions/texts.ts';

/**
 * A position's pay band for offers (issue 54): read only by those who may read the position's
 * offers, set only by those who may draft offers, every change audited with its old and new band.
 * Positions are otherwise read without it (positions/manage.ts), so no page hands it on by mistake.
 */

const bandColumns = {
  min: positions.offerBandMin,
  max: positions.offerBandMax,
  currency: positions.offerBandCurrency,
  period: positions.offerBandPeriod,
};

type BandRow = { min: number | null; max: number | null; currency: string | null; period: OfferBand['period'] | null };

const bandOf = (row: BandRow | undefined): OfferBand | null =>
  row && row.min !== null && row.max !== null && row.currency !== null && row.period !== null
    ? { min: row.min, max: row.max, currency: row.currency, period: row.period }
    : null;

/**
 * The band, when this person may read the position's offers: `undefined` when they may not (they
 * are shown nothing at all, not "no band"), null when the position has none.
 */
export async function readOfferBand(db: Database, who: Who, positionId: string): Promise<OfferBand | null | undefined> {
  if (!(await mayOnPosition(db, who, 'offers.read', positionId))) return undefined;
  return positionBand(db, positionId);
}

/** The band for the server's own rules (an offer's approvals), asked by nobody in particular: never shown from here. */
export async function positionBand(db: Pick<Database, 'select'>, positionId: string): Promise<OfferBand | null> {
  const [row] = await db.select(bandColumns).from(positions).where(eq(positions.id, positionId));
  return bandOf(row);
}

/**
 * Sets or (every field empty) clears the band; audited in the same transaction. Its reach is checked
 * here, by the actions' own guard (a refusal audited and answered as a missing position), so no
 * caller can skip it; its action therefore names no target for the wrapper to check again.
 */
export async function setOfferBand(db: Database, actor: Staff, positionId: string, form: OfferBandForm): Promise<OfferBand | null> {
  await assertReach(db, actor, 'offers.manage', { position: positionId });
  const values = offerBandValues(form);
  return db.transaction(async (tx) => {
    const [before] = await tx.select(bandColumns).from(positions).where(eq(positions.id, positionId)).for('update');
    if (!before) throw new AdminRuleError(positionFormMessages.gone);
    const [after] = await tx
      .update(positions)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(positions.id, positionId))
      .returning(bandColumns);
    const band = bandOf(after);
    await audit(tx, actor, 'position.offer_band_changed', positionId, { before: bandOf(before), after: band });
    return band;
  });
}
