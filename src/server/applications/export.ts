import { desc, eq } from 'drizzle-orm';
import type { Cell } from '../csv.ts';
import { companyTimestamp } from '../../lib/format.ts';
import type { Database } from '../db/client.ts';
import { applications, positions } from '../db/schema.ts';
import type { CsvExport } from '../exports/csv-stream.ts';
import type { WorkspaceQuery } from '../../lib/applications/query.ts';
import { viewQuery, type Reach } from './workspace.ts';
import type { ApplicationStatus } from '../../lib/applications/status.ts';

/**
 * The applications CSVs (a position's, and a view of the workspace's), streamed from the database
 * by exports/csv-stream.ts: one query each, however many rows (issue 52: the view's export once
 * listed its ids and asked for them one bind parameter each, which stops at 65,535).
 */

interface ExportRow {
  fullName: string;
  email: string;
  phone: string;
  status: ApplicationStatus;
  createdAt: Date;
  positionTitle?: string;
  source: string;
  heardAbout: string | null;
  knockedOut: boolean;
}

const columns = {
  fullName: applications.fullName,
  email: applications.email,
  phone: applications.phone,
  status: applications.status,
  createdAt: applications.createdAt,
  source: applications.source,
  heardAbout: applications.heardAbout,
  knockedOut: applications.knockedOut,
};

/** Cells that a spreadsheet would run as a formula are defused (csv.ts). With a position, it is a column. */
function exportOf(withPosition: boolean): Pick<CsvExport<ExportRow>, 'header' | 'cells'> {
  return {
    header: [
      'Name',
      ...(withPosition ? ['Position'] : []),
      'Email',
      'Phone',
      'Status',
      'Applied',
      'Source',
      'Heard about us',
      'Knock-out answer',
    ],
    cells: (row): Cell[] => [
      row.fullName,
      ...(withPosition ? [row.positionTitle ?? ''] : []),
      row.email,
      row.phone,
      row.status,
      companyTimestamp(row.createdAt),
      row.source,
      row.heardAbout ?? '',
      row.knockedOut ? 'yes' : '',
    ],
  };
}

/** A position's applications, newest first. */
export function positionExport(db: Database, positionId: string): CsvExport<ExportRow> {
  const query = db
    .select(columns)
    .from(applications)
    .where(eq(applications.positionId, positionId))
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .toSQL();
  return { ...exportOf(false), query, fields: Object.keys(columns) as (keyof typeof columns)[] };
}

/** Every application a view of the workspace shows (its filters, every page), in its order, with the position. */
export async function workspaceExport(db: Database, query: WorkspaceQuery, reach: Reach): Promise<CsvExport<ExportRow>> {
  const withTitle = { ...columns, positionTitle: positions.title };
  return {
    ...exportOf(true),
    ...(await viewQuery(db, query, reach, withTitle)),
    fields: Object.keys(withTitle) as (keyof typeof withTitle)[],
  };
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
