/**
 * The candidate's e-mail of an offer (issue 54): that it is ready, until when, and the button to
 * their page, where they read the letter, download it and answer. The terms stay out of the e-mail:
 * a mailbox is not where a signed record lives, and the page is where it can be accepted.
 */
import { offerDeadline } from '../../lib/offers/offer.ts';
import { siteConfig } from '../../lib/site-config.ts';
import { greeting, oneLine, render, safeUrl, type MailContent } from './templates.ts';

export function offerSentMail(input: {
  candidateName: string;
  positionTitle: string;
  expiresOn: string;
  link: string;
  senderName: string;
}): MailContent {
  const position = oneLine(input.positionTitle);
  return render({
    subject: `Your offer from ${siteConfig.name}: ${position}`,
    preheader: `Your offer for the ${position} position is ready to read.`,
    heading: 'Your offer is ready',
    blocks: [
      { kind: 'paragraph', text: greeting(input.candidateName) },
      {
        kind: 'paragraph',
        text: `We are delighted to offer you the ${position} position at ${siteConfig.name}. Your offer letter is on your application page: read it there, download it as a PDF, and accept it by typing your full name, or decline it.`,
      },
      { kind: 'paragraph', text: `The offer is open until ${offerDeadline(input.expiresOn)}.` },
      { kind: 'button', label: 'Read your offer', href: safeUrl(input.link) },
      { kind: 'paragraph', text: 'Keep this link to yourself: anyone with it can answer for you. Reply to this e-mail with any question.' },
      { kind: 'paragraph', text: `${oneLine(input.senderName, 80)}\n${siteConfig.name}` },
    ],
    reason: `You received this e-mail because you applied for a position at ${siteConfig.name}.`,
  });
}

/** The one-time code that signs an offer (decision 071): to the address the candidate applied with, nothing else in it. */
export function offerSigningCodeMail(input: { candidateName: string; positionTitle: string; code: string; minutes: number }): MailContent {
  const position = oneLine(input.positionTitle);
  return render({
    subject: `Your code to sign your offer: ${input.code}`,
    preheader: `Enter it on your application page within ${input.minutes} minutes.`,
    heading: 'Your code to sign your offer',
    blocks: [
      { kind: 'paragraph', text: greeting(input.candidateName) },
      {
        kind: 'paragraph',
        text: `To sign your offer for the ${position} position, enter this code on your application page: ${input.code}`,
      },
      {
        kind: 'paragraph',
        text: `It works for ${input.minutes} minutes, once. If you did not ask for it, someone has the link to your page: do not share the code, and reply to this e-mail.`,
      },
    ],
    reason: `You received this e-mail because you are signing an offer from ${siteConfig.name}.`,
  });
}
