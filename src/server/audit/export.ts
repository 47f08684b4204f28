import { roleLabels, type Role } from '../../lib/accounts/roles.ts';
import { companyTimestamp } from '../../lib/format.ts';
import type { Database } from '../db/client.ts';
import type { CsvExport } from '../exports/csv-stream.ts';
import { auditFields, auditQuery, withTarget, type AuditQueryRow } from './log.ts';

/**
 * The whole audit log as CSV, newest first (the page shows the latest 300): for an auditor's
 * access review or the company's own records, streamed however long the log has grown. Details
 * are written as JSON, as recorded (none: an empty cell).
 */
export function auditExport(db: Database): CsvExport<AuditQueryRow> {
  return {
    header: ['When', 'Who', 'E-mail', 'Role', 'What', 'Target', 'Target type', 'Target id', 'Details'],
    query: auditQuery(db).toSQL(),
    fields: auditFields,
    cells: (row) => {
      const entry = withTarget(row);
      return [
        companyTimestamp(entry.createdAt),
        entry.actorEmail ? (entry.actorName ?? '') : 'system',
        entry.actorEmail ?? '',
        entry.actorRole ? roleLabels[entry.actorRole as Role] : '',
        entry.action,
        entry.target.label ?? '',
        entry.targetType,
        entry.targetId ?? '',
        Object.keys(entry.details ?? {}).length === 0 ? '' : JSON.stringify(entry.details),
      ];
    },
  };
}

/** "audit-log-2026-11-28.csv". */
export const auditFileName = (now: Date) => `audit-log-${now.toISOString().slice(0, 10)}.csv`;
