/** What the confirmation of a sent application says (./confirmation.ts): on the job board, and on the page answering a plain post. */

export const confirmationTexts = {
  heading: (position: string) => `Your application for ${position} was sent`,
  emailed: (email: string) => `We e-mailed your personal link to ${email}.`,
  link: 'It shows where your application stands, and lets you withdraw it or have your data deleted.',
  next: 'What happens next: our hiring team reviews every application. If your experience matches the role, we will contact you at this address to arrange a first conversation.',
  noMail: 'No e-mail within a few minutes? Check your spam folder, or',
  resend: 'ask for your links again',
  dismiss: 'Dismiss',
} as const;

/** Where the e-mailed links can be asked for again (src/pages/applications). */
export const REQUEST_LINKS_PATH = '/applications';
