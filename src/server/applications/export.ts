import { desc, eq, inArray } from 'drizzle-orm';
import { csvFile } from '../csv.ts';
import { companyTimestamp } from '../../lib/format.ts';
import type { Database } from '../db/client.ts';
import { applications, positions } from '../db/schema.ts';
import type { WorkspaceQuery } from '../../lib/applications/query.ts';
import { matchingApplicationIds, type Reach } from './workspace.ts';
import type { ApplicationStatus } from '../../lib/applications/status.ts';

/** A position's applications as CSV for a spreadsheet, newest first. */

export async function listApplicationsForExport(db: Database, positionId: string) {
  return db
    .select({
      fullName: applications.fullName,
      email: applications.email,
      phone: applications.phone,
      status: applications.status,
      createdAt: applications.createdAt,
      source: applications.source,
      heardAbout: applications.heardAbout,
      knockedOut: applications.knockedOut,
    })
    .from(applications)
    .where(eq(applications.positionId, positionId))
    .orderBy(desc(applications.createdAt));
}

/** Every application a view of the workspace shows, newest first (its order), with the position. */
export async function listWorkspaceForExport(db: Database, query: WorkspaceQuery, reach: Reach) {
  const ids = await matchingApplicationIds(db, { ...query, page: 1 }, reach);
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: applications.id,
      positionTitle: positions.title,
      fullName: applications.fullName,
      email: applications.email,
      phone: applications.phone,
      status: applications.status,
      createdAt: applications.createdAt,
      source: applications.source,
      heardAbout: applications.heardAbout,
      knockedOut: applications.knockedOut,
    })
    .from(applications)
    .innerJoin(positions, eq(positions.id, applications.positionId))
    .where(inArray(applications.id, ids));
  const order = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/** Cells that a spreadsheet would run as a formula are defused. With a position, it is a column. */
export function applicationsCsv(
  rows: ReadonlyArray<{
    fullName: string;
    email: string;
    phone: string;
    status: ApplicationStatus;
    createdAt: Date;
    positionTitle?: string;
    source: string;
    heardAbout: string | null;
    knockedOut: boolean;
  }>,
  { withPosition = false } = {},
): string {
  const lines = [
    ['Name', ...(withPosition ? ['Position'] : []), 'Email', 'Phone', 'Status', 'Applied', 'Source', 'Heard about us', 'Knock-out answer'],
    ...rows.map((row) => [
      row.fullName,
      ...(withPosition ? [row.positionTitle ?? ''] : []),
      row.email,
      row.phone,
      row.status,
      companyTimestamp(row.createdAt),
      row.source,
      row.heardAbout ?? '',
      row.knockedOut ? 'yes' : '',
    ]),
  ];
  return csvFile(lines);
}

/** The file name of a position's export: "applications-senior-cloud-engineer-aws.csv". */
export function exportFileName(positionTitle: string): string {
  const slug =
    positionTitle
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'position';
  return `applications-${slug}.csv`;
}
