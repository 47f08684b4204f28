/**
 * The roles a person's account can have (one each), with the words people read about them. What
 * each role may do is decided on the server, in one place: src/server/access/rules.ts. This file
 * only names them, for forms and lists on both sides.
 */

/** Stored in users.role and invitations.role. `user` is a candidate's or visitor's account. */
export const roles = ['user', 'admin', 'recruiter', 'hiring_manager', 'interviewer', 'editor', 'sales'] as const;
export type Role = (typeof roles)[number];

/** The roles of the company's own people, who work in the admin area. */
export const staffRoles = ['admin', 'recruiter', 'hiring_manager', 'interviewer', 'editor', 'sales'] as const satisfies readonly Role[];
export type StaffRole = (typeof staffRoles)[number];

export const roleLabels: Record<Role, string> = {
  user: 'User',
  admin: 'Admin',
  recruiter: 'Recruiter',
  hiring_manager: 'Hiring manager',
  interviewer: 'Interviewer',
  editor: 'Editor',
  sales: 'Sales',
};

/** One line each: what the role may do (the invitation form, the role select, the table in docs/using.md). */
export const roleDescriptions: Record<Role, string> = {
  admin: 'Everything: users and roles, settings, privacy requests and the audit log, besides all of the below.',
  recruiter: 'Every position and application, e-mail templates, insights and job alerts; no users, no privacy requests.',
  hiring_manager: 'Only the positions whose hiring team they are on: those applications, notes, ratings, statuses and insights.',
  interviewer: 'Only the applications they are assigned to: the application and resume, and their own notes and ratings.',
  editor: 'The site’s content and blog; never candidates or contact messages.',
  sales: 'Contact messages and meetings only.',
  user: 'A candidate’s or visitor’s account: no access to the admin area.',
};

/**
 * What a role may do, said to the person who has it (their dashboard, their invitation): in the
 * second person (issue 51). The admin choosing a role for someone reads roleDescriptions.
 */
export const yourRoleDescriptions: Record<Role, string> = {
  admin: 'Everything: users and roles, settings, privacy requests and the audit log, besides all of the below.',
  recruiter: 'Every position and application, e-mail templates, insights and job alerts; not users or privacy requests.',
  hiring_manager: 'Only the positions whose hiring team you are on: their applications, notes, ratings, statuses and insights.',
  interviewer: 'Only the applications you are asked to interview for: the application and resume, and your own notes and ratings.',
  editor: 'The site’s content and blog; never candidates or contact messages.',
  sales: 'Contact messages and meetings only.',
  user: 'A candidate’s or visitor’s account: no access to the admin area.',
};

/** "an admin", "a hiring manager": for sentences (written out: "a user", not a vowel rule's "an user"). */
const withArticles: Record<Role, string> = {
  user: 'a user',
  admin: 'an admin',
  recruiter: 'a recruiter',
  hiring_manager: 'a hiring manager',
  interviewer: 'an interviewer',
  editor: 'an editor',
  sales: 'a salesperson',
};

export function withArticle(role: Role): string {
  return withArticles[role];
}
