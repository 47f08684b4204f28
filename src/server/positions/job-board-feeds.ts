import XMLBuilder from 'fast-xml-builder';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { departments, positions } from '../db/schema.ts';
import { feedApplyPath, jobBoardFeeds, type JobBoardFeedId } from '../../lib/positions/job-board-feeds.ts';
import { isRemotePosition, jobDescriptionHtml, locationParts } from '../../lib/structured-data.ts';
import { siteConfig } from '../../lib/site-config.ts';
import { departmentName, isOpen } from './board.ts';

/**
 * The open positions as the XML feeds job boards read (issue 57): Indeed's format (read by Indeed,
 * Glassdoor through it, and many smaller boards) and LinkedIn's Basic Jobs feed. Every text is a
 * CDATA section, as both ask (the builder splits a "]]>" inside one); the description is the HTML
 * Google for Jobs reads (structured-data.ts). Each link carries the board as its source.
 */

type FeedPosition = Awaited<ReturnType<typeof openPositionsForFeeds>>[number];

async function openPositionsForFeeds(db: Database, now: Date) {
  return db
    .select({
      id: positions.id,
      title: positions.title,
      description: positions.description,
      requirements: positions.requirements,
      responsibilities: positions.responsibilities,
      location: positions.location,
      type: positions.type,
      salaryMin: positions.salaryMin,
      salaryMax: positions.salaryMax,
      salaryCurrency: positions.salaryCurrency,
      closesAt: positions.closesAt,
      createdAt: positions.createdAt,
      departmentName,
    })
    .from(positions)
    .leftJoin(departments, eq(positions.departmentId, departments.id))
    .where(and(isOpen(now)))
    .orderBy(desc(positions.createdAt));
}

const builder = new XMLBuilder({ ignoreAttributes: false, cdataPropName: '#cdata', suppressEmptyNode: false });
// XML 1.0 has no place for control characters (a pasted description may hold some): left out.
// eslint-disable-next-line no-control-regex
const cdata = (text: string) => ({ '#cdata': text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '') });
const declaration = { '?xml': { '@_version': '1.0', '@_encoding': 'utf-8' } };

/** Where a position is: its city and state, with an office's street and postal code when it is at one. */
function placeOf(position: FeedPosition) {
  if (isRemotePosition(position)) return { remote: true, city: '', region: '', postalCode: '', streetAddress: '' };
  const { city, region } = locationParts(position.location);
  const office = siteConfig.offices.find((candidate) => candidate.city.toLowerCase() === city.toLowerCase());
  return {
    remote: false,
    city,
    region: region ?? office?.region ?? '',
    postalCode: office?.postalCode ?? '',
    streetAddress: office?.streetAddress ?? '',
  };
}

/** "$120,000 - $150,000 per year", or the one end a position gives; null without a salary. */
export function salaryText(position: Pick<FeedPosition, 'salaryMin' | 'salaryMax' | 'salaryCurrency'>): string | null {
  const money = (amount: number) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: position.salaryCurrency, maximumFractionDigits: 0 }).format(amount);
  const { salaryMin: min, salaryMax: max } = position;
  if (min !== null && max !== null) return min === max ? `${money(min)} per year` : `${money(min)} - ${money(max)} per year`;
  if (min !== null) return `From ${money(min)} per year`;
  if (max !== null) return `Up to ${money(max)} per year`;
  return null;
}

/** Indeed's job types; a remote role is full-time unless stated otherwise (as for Google, structured-data.ts). */
const indeedJobTypes: Record<string, string> = {
  'Full-time': 'fulltime',
  'Part-time': 'parttime',
  Contract: 'contract',
  Internship: 'internship',
  Remote: 'fulltime',
};

const linkedInJobTypes: Record<string, string> = {
  'Full-time': 'FULL_TIME',
  'Part-time': 'PART_TIME',
  Contract: 'CONTRACT',
  Internship: 'INTERNSHIP',
  Remote: 'FULL_TIME',
};

function indeedJob(position: FeedPosition, origin: URL) {
  const place = placeOf(position);
  const salary = salaryText(position);
  return {
    title: cdata(position.title),
    date: cdata(position.createdAt.toISOString()),
    referencenumber: cdata(position.id),
    requisitionid: cdata(position.id),
    url: cdata(new URL(feedApplyPath(feedOf('indeed'), position.id), origin).href),
    company: cdata(siteConfig.name),
    sourcename: cdata(siteConfig.name),
    city: cdata(place.city),
    state: cdata(place.region),
    country: cdata('US'),
    ...(place.postalCode ? { postalcode: cdata(place.postalCode) } : {}),
    ...(place.streetAddress ? { streetaddress: cdata(place.streetAddress) } : {}),
    // Indeed reads no HTML entities: the text's characters as they are.
    description: cdata(jobDescriptionHtml(position, { entities: false })),
    ...(salary ? { salary: cdata(salary) } : {}),
    jobtype: cdata(indeedJobTypes[position.type] ?? 'fulltime'),
    category: cdata(position.departmentName),
    ...(place.remote ? { remotetype: cdata('Fully remote') } : {}),
    ...(position.closesAt ? { expirationdate: cdata(position.closesAt.toISOString()) } : {}),
  };
}

function linkedInJob(position: FeedPosition, origin: URL) {
  const place = placeOf(position);
  const { salaryMin: min, salaryMax: max, salaryCurrency: currency } = position;
  const amount = (value: number) => ({ amount: cdata(String(value)), currencyCode: cdata(currency) });
  return {
    // At most 40 characters: a UUID is 36.
    partnerJobId: cdata(position.id),
    company: cdata(siteConfig.name),
    title: cdata(position.title),
    description: cdata(jobDescriptionHtml(position)),
    applyUrl: cdata(new URL(feedApplyPath(feedOf('linkedin'), position.id), origin).href),
    location: cdata(place.remote ? 'United States' : [place.city, place.region].filter(Boolean).join(', ')),
    ...(place.remote ? {} : { city: cdata(place.city), state: cdata(place.region) }),
    country: cdata('US'),
    ...(place.postalCode ? { postalCode: cdata(place.postalCode) } : {}),
    workplaceTypes: cdata(place.remote ? 'Remote' : 'On-site'),
    jobtype: cdata(linkedInJobTypes[position.type] ?? 'FULL_TIME'),
    ...(min !== null || max !== null
      ? {
          salaries: {
            salary: {
              ...(max !== null ? { highEnd: amount(max) } : {}),
              ...(min !== null ? { lowEnd: amount(min) } : {}),
              period: cdata('YEARLY'),
              type: cdata('BASE_SALARY'),
            },
          },
        }
      : {}),
    listDate: cdata(position.createdAt.toISOString()),
    ...(position.closesAt ? { expirationDate: cdata(position.closesAt.toISOString()) } : {}),
  };
}

function feedOf(id: JobBoardFeedId) {
  return jobBoardFeeds.find((feed) => feed.id === id)!;
}

/** A board's feed of the positions open now. */
export async function jobBoardFeedXml(db: Database, id: JobBoardFeedId, origin: URL, now = new Date()): Promise<string> {
  const open = await openPositionsForFeeds(db, now);
  const site = new URL('/', origin).href;
  const source =
    id === 'indeed'
      ? {
          publisher: siteConfig.name,
          publisherurl: site,
          lastBuildDate: now.toUTCString(),
          job: open.map((position) => indeedJob(position, origin)),
        }
      : {
          lastBuildDate: now.toUTCString(),
          publisherURL: site,
          publisher: siteConfig.name,
          expectedJobCount: open.length,
          job: open.map((position) => linkedInJob(position, origin)),
        };
  return builder.build({ ...declaration, source }) as string;
}
