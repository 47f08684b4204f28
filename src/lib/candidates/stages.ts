import type { ApplicationStatus } from '../applications/status.ts';

/**
 * What a candidate sees of their application (issue 19): a coarse stage, never the internal status,
 * notes or ratings; an offer is theirs to answer, so it is a stage of its own (issue 54). Hired and rejected are one stage alike: the decision itself reaches the
 * candidate in the recruiter's own e-mail, not on this page.
 */
export const candidateStages = ['received', 'in-review', 'interviewing', 'offer', 'decided', 'withdrawn'] as const;
export type CandidateStage = (typeof candidateStages)[number];

const stageOf: Record<ApplicationStatus, CandidateStage> = {
  pending: 'received',
  reviewing: 'in-review',
  interview: 'interviewing',
  // An offer is the candidate's to answer (issue 54): a stage of its own.
  offer: 'offer',
  hired: 'decided',
  rejected: 'decided',
  withdrawn: 'withdrawn',
};

/**
 * The stage of an application, as its candidate sees it. Offer only once an offer was sent to them
 * (issue 54): a status the team set by hand, before any letter was approved, still reads Interviewing.
 */
export function candidateStage(status: ApplicationStatus, { offerSent }: { offerSent: boolean }): CandidateStage {
  const stage = stageOf[status];
  return stage === 'offer' && !offerSent ? 'interviewing' : stage;
}

export const stageTexts: Record<CandidateStage, { label: string; description: string }> = {
  received: {
    label: 'Received',
    description: 'Your application reached our hiring team. A member of the team reads every application; nothing is needed from you.',
  },
  'in-review': {
    label: 'In review',
    description: 'Someone on the hiring team is reading your application. We will write to you by e-mail about the next step.',
  },
  interviewing: {
    label: 'Interviewing',
    description: 'You are in conversation with our team. Dates and details come from your recruiter by e-mail.',
  },
  offer: {
    label: 'Offer',
    description: 'We have made you an offer: read its letter on this page, and accept or decline it here.',
  },
  decided: {
    label: 'Decision made',
    description:
      'A decision has been made on your application. Your recruiter writes to you about it personally by e-mail; if it has not arrived yet, it will shortly.',
  },
  withdrawn: {
    label: 'Withdrawn',
    description: 'You withdrew this application. The hiring team will not consider it further. Thank you for your interest.',
  },
};

/** The steps shown in order on the page; withdrawn is shown on its own. */
export const stageSteps: readonly CandidateStage[] = ['received', 'in-review', 'interviewing', 'offer', 'decided'];

/** Whether the candidate may still withdraw: not once a decision was made or it was withdrawn. */
export function canWithdraw(status: ApplicationStatus): boolean {
  const stage = stageOf[status];
  return stage !== 'decided' && stage !== 'withdrawn';
}

export const candidatePageTexts = {
  title: 'Your application',
  notFoundTitle: 'This link does not open an application',
  notFoundLead:
    'The link may have expired (links work for 90 days), been replaced by a newer one you opened, been mistyped, or the application was deleted. You can ask for a new link below.',
  withdrawConfirm: 'Withdraw this application? The hiring team will no longer consider it. This cannot be undone.',
  withdrawn: 'Your application was withdrawn. The hiring team can see this.',
  eraseConfirm:
    'Delete everything we hold about this e-mail address? This erases all your applications, resumes, messages and your account, if you have one, exactly like a privacy request. This cannot be undone.',
  eraseSent:
    'We have e-mailed a confirmation link to the address you applied with. Nothing is deleted until you follow it and confirm; it works for 24 hours.',
  eraseSignIn:
    'This e-mail address has an account at Helixpoint, which the deletion removes too. Sign in to it (with your second factor, if you set one up) to confirm, and you come back here.',
  eraseConfirmTitle: 'Delete your data?',
  eraseConfirmLead:
    'This erases everything we hold about the e-mail address you applied with: your applications, resumes and messages, exactly like a privacy request. It cannot be undone.',
  eraseLinkInvalid:
    'This confirmation link is invalid, has expired, or was already used. Nothing was deleted. Open your application and ask again.',
  requestTitle: 'E-mail me my links',
  requestLead:
    'Enter the e-mail address you applied with. We send a new personal link for each of your applications; once you open one, the older links to that application stop working.',
  requestSent:
    'Thank you. If we hold any application for that address, an e-mail with a new link for each is on its way. Once you open one, the older links to that application stop working.',
  rateLimited: 'Too many requests from here. Please try again later.',
} as const;
