import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAuditLog } from '../audit/log';
import { applications } from '../db/schema';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { addApplication, addPosition, addUser, applicantDefaults, listAll } from '../testing/fixtures';
import { exportFileName, positionExport } from './export';
import { openCsvStream } from '../exports/csv-stream';
import { emptyWorkspaceQuery } from '@/lib/applications/query';
import { getApplicationDetail, setApplicationStatus } from './review';
import { APPLICATIONS_PER_PAGE, pageWorkspace } from './workspace';

const pageApplicationsForPosition = (db: TestDatabase['db'], position: string, query: { status: 'hired' | 'offer' | null; page: number }) =>
  pageWorkspace(db, { ...emptyWorkspaceQuery, position, ...query }, listAll);

/* Reviewing applications in the admin area against a real PostgreSQL. */

let database: TestDatabase;
let ada: Awaited<ReturnType<typeof addUser>>;

beforeAll(async () => {
  database = await startTestDatabase();
  ada = await addUser(database.db, 'ada', 'admin');
}, 60_000);

afterAll(async () => {
  await database?.destroy();
});

describe('applications', () => {
  it('move along the pipeline, audited', async () => {
    const positionId = await addPosition(database.db, { title: 'Pipeline Role' });
    const applicationId = await addApplication(database.db, positionId);
    await setApplicationStatus(database.db, ada, applicationId, 'interview');
    const [row] = await database.db.select().from(applications).where(eq(applications.id, applicationId));
    expect(row?.status).toBe('interview');
    expect((await listAuditLog(database.db, 1))[0]).toMatchObject({
      action: 'application.status_changed',
      targetType: 'application',
      details: { from: 'pending', to: 'interview' },
    });
    await expect(setApplicationStatus(database.db, ada, '00000000-0000-4000-8000-000000000000', 'offer')).rejects.toThrow(
      'This application no longer exists.',
    );
  });

  it('are listed a page at a time, all or one status, with the count of each status', async () => {
    const positionId = await addPosition(database.db, { title: 'Popular Role' });
    const total = APPLICATIONS_PER_PAGE + 2;
    const base = Date.parse('2026-11-01T12:00:00Z');
    await database.db.insert(applications).values(
      Array.from({ length: total }, (_, i) => ({
        ...applicantDefaults,
        positionId,
        fullName: `Applicant ${i}`,
        email: `applicant${i}@mail.test`,
        status: i < 3 ? ('hired' as const) : ('pending' as const),
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const first = await pageApplicationsForPosition(database.db, positionId, { status: null, page: 1 });
    expect(first).toMatchObject({ all: total, byStatus: { hired: 3, pending: total - 3 }, pages: 2 });
    expect(first.rows).toHaveLength(APPLICATIONS_PER_PAGE);
    expect(first.rows[0]!.fullName).toBe(`Applicant ${total - 1}`);
    expect((await pageApplicationsForPosition(database.db, positionId, { status: null, page: 2 })).rows.map((row) => row.fullName)).toEqual(
      ['Applicant 1', 'Applicant 0'],
    );
    const hired = await pageApplicationsForPosition(database.db, positionId, { status: 'hired', page: 1 });
    expect(hired.pages).toBe(1);
    expect(hired.rows.map((row) => row.fullName)).toEqual(['Applicant 2', 'Applicant 1', 'Applicant 0']);
    expect((await pageApplicationsForPosition(database.db, positionId, { status: 'offer', page: 1 })).rows).toEqual([]);
  });

  it('open one at a time, only under their own position', async () => {
    const positionId = await addPosition(database.db);
    const otherPositionId = await addPosition(database.db);
    const applicationId = await addApplication(database.db, positionId);
    expect((await getApplicationDetail(database.db, positionId, applicationId))?.application.id).toBe(applicationId);
    expect(await getApplicationDetail(database.db, otherPositionId, applicationId)).toBeNull();
    expect(await getApplicationDetail(database.db, positionId, 'not-a-uuid')).toBeNull();
  });

  it('export to CSV with formulas defused and quotes escaped', async () => {
    const positionId = await addPosition(database.db);
    await addApplication(database.db, positionId, {
      fullName: '=HYPERLINK("http://evil.test")',
      email: 'a@b.test',
      phone: '+15125550147',
      status: 'pending',
      createdAt: new Date('2026-11-21T10:00:00Z'),
      source: 'linkedin.com',
      heardAbout: 'Friend or colleague',
      knockedOut: true,
    });
    await addApplication(database.db, positionId, {
      fullName: 'Doe, "Jane"',
      email: 'jane@mail.test',
      phone: '+15125550148',
      status: 'hired',
      createdAt: new Date('2026-11-20T10:00:00Z'),
      source: '-2+3',
      heardAbout: '@SUM(1+1)',
      knockedOut: false,
    });
    const csv = await new Response(await openCsvStream(database.exportPool, positionExport(database.db, positionId))).text();
    const [header, first, second, end] = csv.split('\r\n');
    expect(header).toBe('Name,Email,Phone,Status,Applied,Source,Heard about us,Knock-out answer');
    expect(first).toBe(
      `"'=HYPERLINK(""http://evil.test"")",a@b.test,"'+15125550147",pending,2026-11-21T04:00:00-06:00,linkedin.com,Friend or colleague,yes`,
    );
    expect(second).toBe(`"Doe, ""Jane""",jane@mail.test,"'+15125550148",hired,2026-11-20T04:00:00-06:00,"'-2+3","'@SUM(1+1)",`);
    expect(end).toBe('');
  });

  it('export every application of the position, newest first, under a file name made from its title', async () => {
    const positionId = await addPosition(database.db, { title: 'Senior Cloud Engineer (AWS)' });
    await addApplication(database.db, positionId, { email: 'old@mail.test', createdAt: new Date('2026-11-01T10:00:00Z') });
    await addApplication(database.db, positionId, { email: 'new@mail.test', createdAt: new Date('2026-11-02T10:00:00Z') });
    const csv = await new Response(await openCsvStream(database.exportPool, positionExport(database.db, positionId))).text();
    expect(csv.split('\r\n').map((line) => line.split(',')[1])).toEqual(['Email', 'new@mail.test', 'old@mail.test', undefined]);
    expect(exportFileName('Senior Cloud Engineer (AWS)')).toBe('applications-senior-cloud-engineer-aws.csv');
    expect(exportFileName('???')).toBe('applications-position.csv');
  });
});
