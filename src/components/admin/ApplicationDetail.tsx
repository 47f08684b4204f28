import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/format';
import { answerText, type ScreeningAnswer } from '@/lib/screening/questions';
import { KnockOutBadge } from './KnockOutBadge';
import { DetailCard, DetailLayout, DetailList, detailLinkClass, notGiven, PrivateFileCard, WrittenText } from './DetailCard';
import { resumeTextLine, type ResumeTextState } from '@/lib/resumes/extraction';

export interface ApplicationDetailProps {
  positionTitle: string;
  application: {
    id: string;
    email: string;
    /** Null for a viewer who may not contact the candidate (an interviewer). */
    phone: string | null;
    address: string | null;
    linkedinProfile: string | null;
    githubProfile: string | null;
    vercelProfile: string | null;
    coverLetter: string;
    createdAt: Date;
    source: string;
    sourceMedium: string | null;
    sourceCampaign: string | null;
    heardAbout: string | null;
    screeningAnswers: ScreeningAnswer[];
    knockedOut: boolean;
    /** Our e-mails to the address bounced (issue 35), and what the server said. */
    emailBouncedAt?: Date | null;
    emailBounceReason?: string | null;
  };
  /** Replies to e-mails sent from here come back to the timeline (a reply address is configured, issue 35). */
  repliesHere?: boolean;
  resume: { fileName: string; size: number | null; text?: ResumeTextState } | null;
  /** The status control (an island the page places in this slot). */
  status?: ReactNode;
  /** Consents, legal hold and reads (src/components/admin/ApplicationPrivacy.tsx). */
  privacy?: ReactNode;
  /** The resume drawn in the page (a PDF); other formats are offered as a download. */
  preview?: ReactNode;
  /** Reviewers' notes, the viewer's rating, the e-mail composer: islands. */
  notes?: ReactNode;
  rating?: ReactNode;
  email?: ReactNode;
  /** Everything that happened to the application, oldest first. */
  timeline?: ReactNode;
  /** Who is assigned to interview the applicant. */
  interviewers?: ReactNode;
  /** The interviews proposed and booked, and the form to propose one (issue 31). */
  interviews?: ReactNode;
  /** Scorecards: the viewer's own and the summary per stage (issue 32). */
  scorecards?: ReactNode;
  /** Its offers, and drafting one (issue 54): to those who may read offers. */
  offers?: ReactNode;
  /** The same person's other applications. */
  others?: { href: string; positionTitle: string; status: string; createdAt: Date }[];
  /** The candidate's profile: every application of this person (issue 33); null without the right to see it. */
  profileHref?: string | null;
  /** The interviews of this application the viewer is on the panel of (issue 51): which, when, with whom. */
  myInterviews?: { stage: string | null; when: string; minutes: number; others: string[] }[];
  /**
   * The parts the viewer's role includes. Astro hands every slot written in the page to the
   * component, empty or not, so which parts to show is said here rather than read from the slots.
   */
  parts?: Partial<
    Record<
      'status' | 'rating' | 'interviewers' | 'interviews' | 'scorecards' | 'offers' | 'notes' | 'email' | 'timeline' | 'privacy',
      boolean
    >
  >;
}

const everyPart = {
  status: true,
  rating: true,
  interviewers: true,
  interviews: true,
  notes: true,
  email: true,
  timeline: true,
  privacy: true,
  offers: false,
};

/** Applicant-supplied links are shown as links only when they are plain https addresses. */
function profileLink(url: string | null) {
  if (!url || !/^https:\/\/[^\s]+$/i.test(url)) return notGiven;
  return (
    <a className={`${detailLinkClass} break-all`} href={url} rel="noopener noreferrer nofollow" target="_blank">
      {url}
    </a>
  );
}

/** "newsletter (email, spring-hiring)": the source, then the campaign's medium and name when known. */
export function sourceText(application: Pick<ApplicationDetailProps['application'], 'source' | 'sourceMedium' | 'sourceCampaign'>): string {
  const details = [application.sourceMedium, application.sourceCampaign].filter(Boolean);
  return details.length ? `${application.source} (${details.join(', ')})` : application.source;
}

/** The position's questions as they were asked, with the answers; a knock-out answer is marked for a person to judge. */
function ScreeningAnswers({ answers }: { answers: ScreeningAnswer[] }) {
  return (
    <dl className="mt-4 flex flex-col gap-4 text-sm">
      {answers.map((answer) => (
        <div key={answer.questionId}>
          <dt className="font-medium text-muted-foreground">{answer.question}</dt>
          <dd className="mt-1 flex flex-wrap items-center gap-2 break-words whitespace-pre-line">
            {answerText(answer)}
            {answer.knockedOut && <KnockOutBadge />}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One application in the admin area: the applicant, the cover letter, the status and the resume.
 * Gender is stored (the spec's form asks for it) but not shown beside the candidate: reviewers
 * should not weigh it (DECISIONS.md); it is reported only as counts.
 */
export function ApplicationDetail(props: ApplicationDetailProps) {
  const {
    positionTitle,
    application,
    resume,
    status,
    privacy,
    preview,
    notes,
    rating,
    email,
    timeline,
    repliesHere = false,
    interviewers,
    interviews,
    scorecards,
    offers,
    others = [],
    profileHref = null,
    myInterviews = [],
  } = props;
  const show = { ...everyPart, ...props.parts };
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
                ...(application.phone !== null
                  ? ([
                      [
                        'Phone',
                        <a key="phone" className={detailLinkClass} href={`tel:${application.phone.replace(/[^\d+]/g, '')}`}>
                          {application.phone}
                        </a>,
                      ],
                    ] as const)
                  : []),
                ...(application.address !== null ? ([['Address', application.address]] as const) : []),
                ['Applied', formatDateTime(application.createdAt)],
                ['Source', sourceText(application)],
                ['Heard about us', application.heardAbout ?? notGiven],
                ['LinkedIn', profileLink(application.linkedinProfile)],
                ['GitHub', profileLink(application.githubProfile)],
                ['Vercel', profileLink(application.vercelProfile)],
                ...(profileHref
                  ? ([
                      [
                        'Candidate',
                        <a key="profile" className={`${detailLinkClass} underline`} href={profileHref}>
                          Profile: every application of this person
                        </a>,
                      ],
                    ] as const)
                  : []),
              ]}
            />
          </DetailCard>
          <PrivateFileCard
            id="resume-heading"
            title="Resume"
            small={false}
            file={resume}
            href={`/api/admin/resumes/${application.id}`}
            downloadLabel="Download resume"
            none="No resume on file."
          >
            {preview ?? <p className="text-sm text-muted-foreground">Word documents are not shown in the page: download it to read it.</p>}
            {resume?.text && <p className="mt-2 text-sm text-muted-foreground">{resumeTextLine(resume.text)}</p>}
          </PrivateFileCard>
          {myInterviews.length > 0 && (
            <DetailCard id="your-interview-heading" title={myInterviews.length === 1 ? 'Your interview' : 'Your interviews'}>
              <ul className="mt-3 flex flex-col gap-2 text-sm">
                {myInterviews.map((interview) => (
                  <li key={interview.when}>
                    <span className="font-semibold">{interview.stage ?? 'Interview'}</span>: {interview.when}, {interview.minutes} minutes,{' '}
                    {interview.others.length > 0 ? `with ${interview.others.join(', ')}` : 'you alone on the panel'}.
                  </li>
                ))}
              </ul>
            </DetailCard>
          )}
          <DetailCard id="cover-heading" title="Cover letter">
            <WrittenText>{application.coverLetter}</WrittenText>
          </DetailCard>
          {application.screeningAnswers.length > 0 && (
            <DetailCard id="screening-heading" title="Screening questions">
              {application.knockedOut && (
                <p className="mt-2 text-sm text-muted-foreground">
                  An answer below is a knock-out answer for this position. Nothing was done automatically: decide as for any application.
                </p>
              )}
              <ScreeningAnswers answers={application.screeningAnswers} />
            </DetailCard>
          )}
          {show.interviews && (
            <DetailCard id="interviews-heading" title="Interviews">
              {interviews}
            </DetailCard>
          )}
          {show.scorecards && (
            <DetailCard id="scorecards-heading" title="Scorecards">
              {scorecards}
            </DetailCard>
          )}
          {show.offers && (
            <DetailCard id="offers-heading" title="Offers">
              {offers}
            </DetailCard>
          )}
          {show.notes && (
            <DetailCard id="notes-heading" title="Notes">
              {notes}
            </DetailCard>
          )}
          {show.email && (
            <DetailCard id="email-heading" title="E-mail the candidate">
              <p className="mt-2 text-sm text-muted-foreground">
                {repliesHere
                  ? 'The e-mail is kept on the timeline, and the candidate’s reply comes back to it.'
                  : 'Replies come to your own address. The e-mail is kept on the timeline.'}
              </p>
              {application.emailBouncedAt && (
                <p role="status" className="mt-3 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
                  {`E-mails to ${application.email} bounced on ${formatDateTime(application.emailBouncedAt)}${application.emailBounceReason ? `: ${application.emailBounceReason}` : ''}. Check the address before writing again.`}
                </p>
              )}
              <div className="mt-4">{email}</div>
            </DetailCard>
          )}
          {show.timeline && (
            <DetailCard id="timeline-heading" title="Timeline">
              {timeline}
            </DetailCard>
          )}
        </>
      }
      decision={
        (show.status || show.rating) && (
          <>
            {show.status && <div className="rounded-xl border border-border bg-card p-6 shadow-card">{status}</div>}
            {show.rating && (
              <DetailCard id="rating-heading" title="Rating" small>
                <div className="mt-3">{rating}</div>
              </DetailCard>
            )}
          </>
        )
      }
      aside={
        <>
          {show.interviewers && (
            <DetailCard id="interviewers-heading" title="Interviewers" small>
              <div className="mt-3">{interviewers}</div>
            </DetailCard>
          )}
          {others.length > 0 && (
            <DetailCard id="others-heading" title="Also applied for" small>
              <ul className="mt-3 flex flex-col gap-2 text-sm">
                {others.map((other) => (
                  <li key={other.href}>
                    <a className={`${detailLinkClass} underline`} href={other.href}>
                      {other.positionTitle}
                    </a>{' '}
                    <span className="text-muted-foreground">
                      · {other.status} · {formatDateTime(other.createdAt)}
                    </span>
                  </li>
                ))}
              </ul>
            </DetailCard>
          )}
          {show.privacy && privacy}
        </>
      }
    />
  );
}
