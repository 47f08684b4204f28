import { z } from 'zod/mini';
import { withKnownPlaceholders } from '../applications/templates.ts';

/**
 * The talent pool (issue 33): candidates who agreed, when they applied, to be kept for other
 * positions, until their consent ends (RETENTION_TALENT_POOL_MONTHS after it was given or renewed).
 * Recruiters search it for a new position and invite people to apply; a month before the consent
 * ends, the candidate is asked to renew it with one click.
 */

/** The invitation's placeholders: the ones of candidate e-mails, and the position's link. */
export const invitationPlaceholders = {
  first_name: "the candidate's first name",
  position_title: 'the position you invite them to',
  position_link: "the position's page, to apply",
  company: 'the company',
  sender_name: 'your name',
} as const;

export const defaultInvitation = {
  subject: 'A position at {{company}} for you: {{position_title}}',
  body: 'Hello {{first_name}},\n\nWhen you applied to {{company}}, you agreed that we could keep your application for future openings. We have one that we think suits you: {{position_title}}.\n\nRead about it and apply here: {{position_link}}\n\nIf it is not for you, there is nothing to do.\n\nBest regards,\n{{sender_name}}\n{{company}}',
} as const;

export const poolMessages = {
  subject: 'Write a subject (at most 200 characters).',
  body: 'Write the invitation (at most 10,000 characters).',
  link: 'The invitation must give the position’s link: keep {{position_link}} in the text.',
  notInPool: 'This candidate is no longer in the talent pool (their consent ended or was withdrawn).',
  positionClosed: 'This position is not open: only open positions can be offered.',
  alreadyInvited: 'This candidate was already invited to apply for this position.',
  alreadyApplied: 'This candidate has already applied for this position.',
  invited: (name: string) => `${name} is invited to apply.`,
} as const;

// An unknown placeholder is refused as in the candidate e-mails (templateMessages.unknown); the link is required.
export const inviteSchema = z.object({
  candidateId: z.uuid(),
  positionId: z.uuid({ error: 'Choose the position to invite them to.' }),
  subject: withKnownPlaceholders(200, poolMessages.subject, invitationPlaceholders),
  body: withKnownPlaceholders(10_000, poolMessages.body, invitationPlaceholders).check(
    z.refine((body) => /\{\{\s*position_link\s*\}\}/.test(body), { error: poolMessages.link }),
  ),
});

export type InviteInput = z.output<typeof inviteSchema>;

/** The renewal page's texts (a link in the e-mail sent a month before the consent ends). */
export const renewalTexts = {
  title: 'Stay in the talent pool',
  ask: (until: string) =>
    `You agreed that we may keep your application for future openings until ${until}. Stay in the talent pool for another period, or leave it now.`,
  renew: 'Stay in the talent pool',
  leave: 'Leave the talent pool',
  renewed: (until: string) => `Thank you: we will keep your application for future openings until ${until}.`,
  renewedTitle: 'You stay in the talent pool',
  leftTitle: 'You left the talent pool',
  left: 'We will not offer you other positions. Your applications are kept only as long as the privacy notice says, then deleted.',
  invalidTitle: 'This link no longer works',
  invalid:
    'It was renewed or withdrawn already, or the consent has ended. To be considered for future openings, apply for a position and agree to be kept in the talent pool.',
} as const;
