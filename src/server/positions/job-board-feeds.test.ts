import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobBoardFeeds } from '@/lib/positions/job-board-feeds';
import { departments, positions } from '../db/schema';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { jobBoardFeedXml, salaryText } from './job-board-feeds';

/*
 * The boards' feeds (issue 57) against their published formats: Indeed's XML feed reference
 * (docs.indeed.com/indeed-apply/xml-feed: <source> of <job>s, every value in CDATA, the required
 * elements title, date, referencenumber, requisitionid, url, company, city, state, country,
 * description) and LinkedIn's Basic Jobs XML feed (learn.microsoft.com/linkedin/talent/job-postings/
 * xml-feeds-development-guide: partnerJobId of at most 40 characters, company, title, a description
 * of at least 100 characters, location and applyUrl mandatory; workplaceTypes, jobtype, salaries).
 */

let database: TestDatabase;
const origin = new URL('https://careers.example.com');
const now = new Date('2026-11-30T12:00:00Z');
const ids: Record<string, string> = {};

const INDEED_REQUIRED = ['title', 'date', 'referencenumber', 'requisitionid', 'url', 'company', 'city', 'state', 'country', 'description'];
const LINKEDIN_REQUIRED = ['partnerJobId', 'company', 'title', 'description', 'location', 'applyUrl'];

type Job = Record<string, unknown>;

/** The feed as a board reads it, keeping which values came as CDATA. */
function parse(xml: string): { source: Record<string, unknown> & { job?: Job[] } } {
  expect(XMLValidator.validate(xml)).toBe(true);
  return new XMLParser({ cdataPropName: '#cdata', isArray: (name) => name === 'job', parseTagValue: false }).parse(xml);
}
const text = (value: unknown) => (value as { '#cdata': string })['#cdata'];

beforeAll(async () => {
  database = await startTestDatabase();
  const [cloud] = await database.db.insert(departments).values({ name: 'Cloud' }).returning();
  const rows = await database.db
    .insert(positions)
    .values([
      {
        title: 'Cloud Architect',
        description:
          'Design landing zones & migrations for clients moving to the cloud, from the first workshop to the last cut-over.\u0007',
        requirements: ['5+ years of AWS', 'Terraform <modules>'],
        responsibilities: ['Lead migrations ]]> safely'],
        location: 'Austin, TX',
        type: 'Full-time',
        departmentId: cloud!.id,
        salaryMin: 140000,
        salaryMax: 175000,
        closesAt: new Date('2027-01-31T23:59:00Z'),
        createdAt: new Date('2026-11-01T09:00:00Z'),
      },
      {
        title: 'Remote SRE',
        description: 'Keep our clients’ platforms up, from anywhere in the United States, with the on-call rota shared fairly.',
        location: 'Remote (US)',
        type: 'Remote',
        createdAt: new Date('2026-11-10T09:00:00Z'),
      },
      { title: 'Closed Role', description: 'Not open.', location: 'Dallas, TX', isActive: false },
    ])
    .returning();
  for (const row of rows) ids[row.title] = row.id;
}, 120_000);

afterAll(async () => {
  await database?.destroy();
}, 60_000);

describe("Indeed's feed", () => {
  it('has every required element of every open position, each in CDATA, newest first, closed positions left out', async () => {
    const xml = await jobBoardFeedXml(database.db, 'indeed', origin, now);
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?><source>')).toBe(true);
    const { source } = parse(xml);
    expect(source.publisher).toBe('Helixpoint');
    expect(source.publisherurl).toBe('https://careers.example.com/');
    expect(source.lastBuildDate).toBe('Mon, 30 Nov 2026 12:00:00 GMT');
    const jobs = source.job!;
    expect(jobs.map((job) => text(job.title))).toEqual(['Remote SRE', 'Cloud Architect']);
    for (const job of jobs) for (const name of INDEED_REQUIRED) expect(job[name], name).toHaveProperty('#cdata');
  });

  it('gives an office position its city, state, street and postal code, its salary, type, category and closing date', async () => {
    const jobs = parse(await jobBoardFeedXml(database.db, 'indeed', origin, now)).source.job!;
    const architect = jobs.find((job) => text(job.title) === 'Cloud Architect')!;
    expect(Object.fromEntries(Object.entries(architect).map(([name, value]) => [name, text(value)]))).toEqual({
      title: 'Cloud Architect',
      date: '2026-11-01T09:00:00.000Z',
      referencenumber: ids['Cloud Architect'],
      requisitionid: ids['Cloud Architect'],
      url: `https://careers.example.com/careers/apply/${ids['Cloud Architect']}?utm_source=indeed&utm_medium=job-feed`,
      company: 'Helixpoint',
      sourcename: 'Helixpoint',
      city: 'Austin',
      state: 'TX',
      country: 'US',
      postalcode: '78701',
      streetaddress: '600 Congress Avenue, Suite 1400',
      // No HTML entities, as Indeed asks; a bracket that could open a tag is its look-alike.
      description:
        '<p>Design landing zones & migrations for clients moving to the cloud, from the first workshop to the last cut-over.</p>' +
        '<h3>Requirements</h3><ul><li>5+ years of AWS</li><li>Terraform ‹modules›</li></ul>' +
        '<h3>Responsibilities</h3><ul><li>Lead migrations ]]› safely</li></ul>',
      salary: '$140,000 - $175,000 per year',
      jobtype: 'fulltime',
      category: 'Cloud',
      expirationdate: '2027-01-31T23:59:00.000Z',
    });
  });

  it('marks a remote position fully remote in the US, with no city to show', async () => {
    const jobs = parse(await jobBoardFeedXml(database.db, 'indeed', origin, now)).source.job!;
    const sre = jobs.find((job) => text(job.title) === 'Remote SRE')!;
    expect(text(sre.remotetype)).toBe('Fully remote');
    expect([text(sre.city), text(sre.state), text(sre.country)]).toEqual(['', '', 'US']);
    expect(sre.salary).toBeUndefined();
    expect(text(sre.category)).toBe('General');
  });
});

describe("LinkedIn's feed", () => {
  it('has the mandatory fields, a partner id of at most 40 characters and a description of at least 100', async () => {
    const { source } = parse(await jobBoardFeedXml(database.db, 'linkedin', origin, now));
    expect(source.expectedJobCount).toBe('2');
    expect(source.publisherURL).toBe('https://careers.example.com/');
    for (const job of source.job!) {
      for (const name of LINKEDIN_REQUIRED) expect(job[name], name).toHaveProperty('#cdata');
      expect(text(job.partnerJobId).length).toBeLessThanOrEqual(40);
      expect(text(job.description).length).toBeGreaterThanOrEqual(100);
      expect(text(job.applyUrl)).toMatch(
        /^https:\/\/careers\.example\.com\/careers\/apply\/[0-9a-f-]{36}\?utm_source=linkedin&utm_medium=job-feed$/,
      );
    }
  });

  it('writes the workplace type, job type, place and salary range in its own vocabulary', async () => {
    const jobs = parse(await jobBoardFeedXml(database.db, 'linkedin', origin, now)).source.job!;
    const architect = jobs.find((job) => text(job.title) === 'Cloud Architect')!;
    expect([text(architect.location), text(architect.city), text(architect.state), text(architect.postalCode)]).toEqual([
      'Austin, TX',
      'Austin',
      'TX',
      '78701',
    ]);
    expect([text(architect.workplaceTypes), text(architect.jobtype)]).toEqual(['On-site', 'FULL_TIME']);
    expect(architect.salaries).toEqual({
      salary: {
        highEnd: { amount: { '#cdata': '175000' }, currencyCode: { '#cdata': 'USD' } },
        lowEnd: { amount: { '#cdata': '140000' }, currencyCode: { '#cdata': 'USD' } },
        period: { '#cdata': 'YEARLY' },
        type: { '#cdata': 'BASE_SALARY' },
      },
    });
    const sre = jobs.find((job) => text(job.title) === 'Remote SRE')!;
    expect([text(sre.location), text(sre.workplaceTypes), sre.city, sre.salaries]).toEqual([
      'United States',
      'Remote',
      undefined,
      undefined,
    ]);
  });
});

describe('both feeds', () => {
  it('leave a position out once its closing date has passed', async () => {
    for (const feed of jobBoardFeeds) {
      const { source } = parse(await jobBoardFeedXml(database.db, feed.id, origin, new Date('2027-02-01T00:00:00Z')));
      expect(source.job!.map((job) => text(job.title))).toEqual(['Remote SRE']);
    }
  });

  it('write a salary with one end as from or up to', () => {
    expect(salaryText({ salaryMin: 90000, salaryMax: null, salaryCurrency: 'USD' })).toBe('From $90,000 per year');
    expect(salaryText({ salaryMin: null, salaryMax: 90000, salaryCurrency: 'EUR' })).toBe('Up to €90,000 per year');
    expect(salaryText({ salaryMin: null, salaryMax: null, salaryCurrency: 'USD' })).toBeNull();
  });
});
