import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AdminRuleError } from '../admin-command';
import { auditLog, hiringTeamMembers, positions, users } from '../db/schema';
import { getPosition } from '../positions/manage';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { addPosition, addUser } from '../testing/fixtures';
import { offerBandFormSchema } from '../../lib/offers/band';
import { readOfferBand, setOfferBand } from './band';

/* A position's pay band for offers against a real PostgreSQL (issue 54): who sees it, who sets it, its audit. */

let database: TestDatabase;

beforeAll(async () => {
  database = await startTestDatabase();
}, 60_000);

afterAll(async () => {
  await database?.destroy();
});

beforeEach(async () => {
  const db = database.db;
  await db.delete(positions);
  await db.delete(auditLog);
  await db.delete(users);
});

const form = (change: Record<string, string> = {}) =>
  offerBandFormSchema.parse({ min: '120000', max: '150000', currency: 'EUR', period: 'year', ...change });

async function setUp() {
  const db = database.db;
  const positionId = await addPosition(db, { title: 'Security Engineer' });
  const otherId = await addPosition(db, { title: 'Data Engineer' });
  const people = {
    admin: await addUser(db, 'ada', 'admin'),
    recruiter: await addUser(db, 'rita', 'recruiter'),
    manager: await addUser(db, 'hana', 'hiring_manager'),
    interviewer: await addUser(db, 'ivan', 'interviewer'),
    editor: await addUser(db, 'eddie', 'editor'),
    sales: await addUser(db, 'sal', 'sales'),
  };
  await db.insert(hiringTeamMembers).values({ positionId, userId: 'hana', addedByEmail: 'rita@helixpoint.test' });
  return { positionId, otherId, people };
}

describe('a position’s pay band', () => {
  it('is set by a recruiter, audited with the band before and after, and removed with both amounts emptied', async () => {
    const db = database.db;
    const { positionId, people } = await setUp();
    expect(await readOfferBand(db, people.recruiter, positionId)).toBeNull();

    expect(await setOfferBand(db, people.recruiter, positionId, form())).toEqual({
      min: 120000,
      max: 150000,
      currency: 'EUR',
      period: 'year',
    });
    await setOfferBand(db, people.admin, positionId, form({ max: '160,000' }));
    expect(await readOfferBand(db, people.admin, positionId)).toEqual({ min: 120000, max: 160000, currency: 'EUR', period: 'year' });

    expect(await setOfferBand(db, people.admin, positionId, form({ min: '', max: '' }))).toBeNull();
    expect(await readOfferBand(db, people.recruiter, positionId)).toBeNull();

    const entries = await db.select().from(auditLog).where(eq(auditLog.action, 'position.offer_band_changed')).orderBy(auditLog.createdAt);
    expect(entries.map(({ actorEmail, actorRole, targetId, details }) => ({ actorEmail, actorRole, targetId, details }))).toEqual([
      {
        actorEmail: 'rita@helixpoint.test',
        actorRole: 'recruiter',
        targetId: positionId,
        details: { before: null, after: { min: 120000, max: 150000, currency: 'EUR', period: 'year' } },
      },
      {
        actorEmail: 'ada@helixpoint.test',
        actorRole: 'admin',
        targetId: positionId,
        details: {
          before: { min: 120000, max: 150000, currency: 'EUR', period: 'year' },
          after: { min: 120000, max: 160000, currency: 'EUR', period: 'year' },
        },
      },
      {
        actorEmail: 'ada@helixpoint.test',
        actorRole: 'admin',
        targetId: positionId,
        details: { before: { min: 120000, max: 160000, currency: 'EUR', period: 'year' }, after: null },
      },
    ]);
  });

  it('is read by those who may read the position’s offers, and by nobody else: interviewers and editors never see pay', async () => {
    const db = database.db;
    const { positionId, otherId, people } = await setUp();
    await setOfferBand(db, people.recruiter, positionId, form());
    await setOfferBand(db, people.recruiter, otherId, form({ currency: 'USD' }));

    expect(await readOfferBand(db, people.admin, positionId)).toMatchObject({ currency: 'EUR' });
    expect(await readOfferBand(db, people.recruiter, otherId)).toMatchObject({ currency: 'USD' });
    // A hiring manager: their own team's position, not another.
    expect(await readOfferBand(db, people.manager, positionId)).toMatchObject({ currency: 'EUR' });
    expect(await readOfferBand(db, people.manager, otherId)).toBeUndefined();
    for (const who of [people.interviewer, people.editor, people.sales]) expect(await readOfferBand(db, who, positionId)).toBeUndefined();
    // Nor does the position as every other page reads it carry the band.
    expect(Object.keys((await getPosition(db, positionId))!).filter((key) => key.startsWith('offerBand'))).toEqual([]);
  });

  it('is set by nobody but those who draft offers; a refused change leaves the band and the audit log as they were', async () => {
    const db = database.db;
    const { positionId, people } = await setUp();
    await setOfferBand(db, people.recruiter, positionId, form());
    for (const who of [people.manager, people.interviewer, people.editor, people.sales]) {
      await expect(setOfferBand(db, who, positionId, form({ min: '1', max: '2' }))).rejects.toBeInstanceOf(AdminRuleError);
    }
    await expect(setOfferBand(db, people.admin, '00000000-0000-4000-8000-000000000000', form())).rejects.toBeInstanceOf(AdminRuleError);
    expect(await readOfferBand(db, people.admin, positionId)).toEqual({ min: 120000, max: 150000, currency: 'EUR', period: 'year' });
    expect(await db.select().from(auditLog).where(eq(auditLog.action, 'position.offer_band_changed'))).toHaveLength(1);
  });

  it('cannot be stored half or upside down, whatever writes it', async () => {
    const db = database.db;
    const { positionId } = await setUp();
    const refused = { cause: { code: '23514', constraint: 'positions_offer_band' } };
    const write = (values: Partial<typeof positions.$inferInsert>) => db.update(positions).set(values).where(eq(positions.id, positionId));
    await expect(write({ offerBandMin: 1, offerBandMax: 2, offerBandCurrency: 'USD' })).rejects.toMatchObject(refused);
    await expect(write({ offerBandMin: 3, offerBandMax: 2, offerBandCurrency: 'USD', offerBandPeriod: 'year' })).rejects.toMatchObject(
      refused,
    );
    await expect(write({ offerBandMin: 1, offerBandMax: 2, offerBandCurrency: 'usd', offerBandPeriod: 'year' })).rejects.toMatchObject(
      refused,
    );
  });
});
