import { z } from 'zod/mini';

/** Hiring teams and interviewer assignments: their inputs and texts (both sides). */

const userId = z.string().check(z.minLength(1, 'Choose a person'), z.maxLength(100));

export const teamMemberSchema = z.object({ positionId: z.uuid(), userId });
export const interviewerSchema = z.object({ applicationId: z.uuid(), userId });

export type TeamMemberInput = z.input<typeof teamMemberSchema>;
export type InterviewerInput = z.input<typeof interviewerSchema>;

export const teamTexts = {
  teamHeading: 'Hiring team',
  teamIntro:
    'The people who work on this position. Hiring managers on the team see its applications; interviewers see the applications they are assigned to.',
  noTeam: 'Nobody is on the hiring team yet.',
  addMember: 'Add to the team',
  person: 'Person',
  remove: (name: string) => `Remove ${name} from the team`,
  memberAdded: (name: string) => `${name} is on the hiring team`,
  memberRemoved: (name: string) => `${name} is no longer on the hiring team`,
  notEligible: 'Only staff who work on applications (hiring managers, interviewers, recruiters, admins) can be on a hiring team.',
  interviewersHeading: 'Interviewers',
  noInterviewers: 'No interviewer is assigned yet.',
  assign: 'Assign',
  interviewer: 'Interviewer',
  unassign: (name: string) => `Unassign ${name}`,
  assigned: (name: string) => `${name} is assigned to interview`,
  unassigned: (name: string) => `${name} is no longer assigned`,
  notInterviewer: 'Only staff who review applications can be assigned to interview.',
  userGone: 'This person no longer has an account.',
  onTeam: 'On the hiring team',
  otherStaff: 'Other staff',
} as const;
