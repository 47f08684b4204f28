import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { applications } from '../db/schema.ts';
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
    })
    .from(applications)
    .where(eq(applications.positionId, positionId))
    .orderBy(desc(applications.createdAt));
}

/** Cells that a spreadsheet would run as a formula are defused. */
export function applicationsCsv(
  rows: ReadonlyArray<{ fullName: string; email: string; phone: string; status: ApplicationStatus; createdAt: Date }>,
): string {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) || safe !== value ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [
    ['Name', 'Email', 'Phone', 'Status', 'Applied'],
    ...rows.map((row) => [row.fullName, row.email, row.phone, row.status, row.createdAt.toISOString()]),
  ];
  return `${lines.map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`;
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
