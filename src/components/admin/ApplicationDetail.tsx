import type { ReactNode } from 'react';
import { formatPhone } from '@/lib/applications/phone';
import { formatDateTime } from '@/lib/format';
import { DetailCard, DetailLayout, DetailList, detailLinkClass, notGiven, PrivateFileCard, WrittenText } from './DetailCard';

export interface ApplicationDetailProps {
  positionTitle: string;
  application: {
    id: string;
    email: string;
    phone: string;
    address: string;
    linkedinProfile: string | null;
    githubProfile: string | null;
    vercelProfile: string | null;
    coverLetter: string;
    createdAt: Date;
  };
  resume: { fileName: string; size: number | null } | null;
  /** The status control (an island the page places in this slot). */
  status?: ReactNode;
  /** Consents, legal hold and reads (src/components/admin/ApplicationPrivacy.tsx). */
  privacy?: ReactNode;
}

/** Applicant-supplied links are shown as links only when they are plain https addresses. */
function profileLink(url: string | null) {
  if (!url || !/^https:\/\/[^\s]+$/i.test(url)) return notGiven;
  return (
    <a className={`${detailLinkClass} break-all`} href={url} rel="noopener noreferrer nofollow" target="_blank">
      {url}
    </a>
  );
}

/**
 * One application in the admin area: the applicant, the cover letter, the status and the resume.
 * Gender is stored (the spec's form asks for it) but not shown beside the candidate: reviewers
 * should not weigh it (DECISIONS.md); it is reported only as counts.
 */
export function ApplicationDetail({ positionTitle, application, resume, status, privacy }: ApplicationDetailProps) {
  return (
    <DetailLayout
      asideLabel="Application actions"
      main={
        <>
          <DetailCard id="contact-heading" title="Applicant">
            <DetailList
              rows={[
                ['Position', positionTitle],
                [
                  'Email',
                  <a key="email" className={detailLinkClass} href={`mailto:${application.email}`}>
                    {application.email}
                  </a>,
                ],
                [
                  'Phone',
                  <a key="phone" className={detailLinkClass} href={`tel:${application.phone}`}>
                    {formatPhone(application.phone)}
                  </a>,
                ],
                ['Address', application.address],
                ['Applied', formatDateTime(application.createdAt)],
                ['LinkedIn', profileLink(application.linkedinProfile)],
                ['GitHub', profileLink(application.githubProfile)],
                ['Vercel', profileLink(application.vercelProfile)],
              ]}
            />
          </DetailCard>
          <DetailCard id="cover-heading" title="Cover letter">
            <WrittenText>{application.coverLetter}</WrittenText>
          </DetailCard>
        </>
      }
      aside={
        <>
          <div className="rounded-xl border border-border bg-card p-6 shadow-card">{status}</div>
          <PrivateFileCard
            title="Resume"
            file={resume}
            href={`/api/admin/resumes/${application.id}`}
            downloadLabel="Download resume"
            none="No resume on file."
          />
          {privacy}
        </>
      }
    />
  );
}
