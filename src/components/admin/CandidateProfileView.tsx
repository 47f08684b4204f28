import type { ReactNode } from 'react';
import { formatDate, formatDateTime } from '@/lib/format';
import type { ApplicationStatus } from '@/lib/applications/status';
import { ApplicationTimeline, type TimelineItem } from './ApplicationTimeline';
import { DetailCard, DetailLayout, DetailList, detailLinkClass } from './DetailCard';
import { StatusBadge } from './StatusBadge';

export interface CandidateProfileViewProps {
  fullName: string;
  emails: string[];
  /** As people read them ("+1 512 555 0147"). */
  phones: string[];
  applications: {
    id: string;
    href: string;
    positionTitle: string;
    fullName: string;
    email: string;
    status: ApplicationStatus;
    createdAt: Date;
    privacyNoticeVersion: string | null;
    privacyAcknowledgedAt: Date | null;
  }[];
  /** The latest consent to be kept in the talent pool, and whether it still holds. */
  talentPool: { until: Date; current: boolean } | null;
  timeline: (TimelineItem & { positionTitle: string })[];
  /** Possible duplicates and merges (an island), for those who may merge. */
  merge?: ReactNode;
}

/**
 * One person across their applications (issue 33): how to reach them, what they consented to,
 * every application in the viewer's reach, and everything that happened across them.
 */
export function CandidateProfileView({ fullName, emails, phones, applications, talentPool, timeline, merge }: CandidateProfileViewProps) {
  return (
    <DetailLayout
      asideLabel="Candidate actions"
      main={
        <>
          <DetailCard id="candidate-heading" title="Candidate">
            <DetailList
              rows={[
                ['Name', fullName],
                [
                  emails.length === 1 ? 'Email' : 'Emails',
                  // Each address a target of its own: 24 px high at least (WCAG 2.5.8), one above the other.
                  <span key="emails" className="flex flex-col items-start gap-1">
                    {emails.map((email) => (
                      <a key={email} className={`${detailLinkClass} inline-flex min-h-6 items-center break-all`} href={`mailto:${email}`}>
                        {email}
                      </a>
                    ))}
                  </span>,
                ],
                [phones.length === 1 ? 'Phone' : 'Phones', phones.join(', ')],
              ]}
            />
          </DetailCard>
          <DetailCard id="applications-heading" title={applications.length === 1 ? 'Application' : `Applications (${applications.length})`}>
            <ul className="mt-3 flex flex-col divide-y divide-border">
              {applications.map((application) => (
                <li key={application.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                  <span>
                    <a className={`${detailLinkClass} font-medium underline`} href={application.href}>
                      {application.positionTitle}
                    </a>
                    <span className="block text-muted-foreground">
                      Applied {formatDateTime(application.createdAt)} as {application.fullName}, {application.email}
                    </span>
                  </span>
                  <StatusBadge status={application.status} />
                </li>
              ))}
            </ul>
          </DetailCard>
          <DetailCard id="timeline-heading" title="Timeline across the applications">
            <ApplicationTimeline items={timeline} />
          </DetailCard>
        </>
      }
      aside={
        <>
          <section aria-labelledby="consent-heading" className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5 text-sm">
            <h2 id="consent-heading" className="text-lg font-semibold">
              Consent
            </h2>
            <p>
              {talentPool === null
                ? 'Not in the talent pool: they did not agree to be kept for other positions.'
                : talentPool.current
                  ? `In the talent pool until ${formatDate(talentPool.until)}.`
                  : `Left the talent pool: their consent ended ${formatDate(talentPool.until)}.`}
            </p>
            <ul className="flex flex-col gap-1 text-muted-foreground">
              {applications.map((application) => (
                <li key={application.id}>
                  {application.positionTitle}:{' '}
                  {application.privacyAcknowledgedAt
                    ? `privacy notice ${application.privacyNoticeVersion ?? ''} acknowledged ${formatDate(application.privacyAcknowledgedAt)}`
                    : 'sent before the privacy notice was asked for'}
                </li>
              ))}
            </ul>
          </section>
          {merge}
        </>
      }
    />
  );
}
