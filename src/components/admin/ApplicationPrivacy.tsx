import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/format';
import { DetailCard } from './DetailCard';
import { roleLabels, type Role } from '@/lib/accounts/roles';
import { groupReads } from '@/lib/privacy/reads';

export interface ApplicationPrivacyProps {
  consent: {
    privacyNoticeVersion: string | null;
    privacyAcknowledgedAt: Date | null;
    talentPoolUntil: Date | null;
  };
  reads: ReadonlyArray<{
    id: number;
    action: string;
    actorEmail: string | null;
    actorName: string | null;
    actorRole: Role | null;
    at: Date;
  }>;
  /** The legal hold control (an island the page places). */
  hold?: ReactNode;
  /** Whether the viewer may set a legal hold (the hold slot is shown only then). */
  canHold?: boolean;
}

const readLabels: Record<string, string> = {
  'application.viewed': 'opened it',
  'application.resume_previewed': 'read the resume in the page',
  'application.resume_downloaded': 'downloaded the resume',
};

/** The application's consents, its legal hold, and who has read it (opened it, read or downloaded its resume), one line per person and day. */
export function ApplicationPrivacy({ consent, reads, hold, canHold = true }: ApplicationPrivacyProps) {
  return (
    <>
      <DetailCard title={canHold ? 'Consents and legal hold' : 'Consents'} small>
        <ul className="mt-2 flex flex-col gap-1 text-sm text-muted-foreground">
          <li>
            {consent.privacyAcknowledgedAt
              ? `Privacy notice of ${consent.privacyNoticeVersion} acknowledged ${formatDateTime(consent.privacyAcknowledgedAt)}.`
              : 'Sent before the privacy notice was asked for.'}
          </li>
          <li>
            {consent.talentPoolUntil
              ? `In the talent pool until ${formatDateTime(consent.talentPoolUntil)}.`
              : 'Not in the talent pool: kept for this position only.'}
          </li>
        </ul>
        {canHold && <div className="mt-4">{hold}</div>}
      </DetailCard>
      <DetailCard title="Who has read it" small>
        {reads.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">Nobody yet.</p>
        ) : (
          <ul aria-label="Reads of this application, newest first" className="mt-2 flex flex-col gap-2 text-sm">
            {groupReads(reads).map(({ key, latest, first, actions }) => (
              <li key={key}>
                <span className="font-medium">{latest.actorName ?? latest.actorEmail ?? 'system'}</span>
                {latest.actorRole && <span className="text-muted-foreground"> ({roleLabels[latest.actorRole]})</span>}{' '}
                <span className="text-muted-foreground">
                  {actions
                    .map(({ action, count }) => `${readLabels[action] ?? 'opened it'}${count > 1 ? ` ${count} times` : ''}`)
                    .join(', ')}{' '}
                  ·{' '}
                  {first.getTime() === latest.at.getTime()
                    ? formatDateTime(latest.at)
                    : `${formatDateTime(first)} to ${formatDateTime(latest.at)}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </DetailCard>
    </>
  );
}
