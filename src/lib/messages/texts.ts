import type { FlashToast } from '../flash.ts';
import { emailMessage, errorToast, tooLong } from '../forms.ts';

/** Every text of the contact form and the messages inbox (spec sections 5 and 8). */

export const contactMessages = {
  firstName: 'Please enter your first name',
  lastName: 'Please enter your last name',
  emailMissing: 'Enter your email address',
  email: emailMessage,
  phone: 'Please enter a valid phone number',
  reason: 'Please choose a reason',
  message: 'Please write a message',
  tooLong,
  rateLimited: 'Several messages were sent from your network in a short time. Please try again in an hour.',
  attachmentMissing: 'Your attachment could not be found. Please attach it again.',
  attachAgain: 'Please choose your file again: it is kept only once the message is sent.',
  notAForm: 'The message did not arrive as a form. Please try again.',
} as const;

/** Spec section 8: "Message sent successfully! …"; with a file, the file name has been attached. */
export function messageSentToast(attachmentName: string | null): FlashToast {
  return {
    kind: 'success',
    title: "Message sent successfully! We'll get back to you within 24 hours.",
    ...(attachmentName ? { description: `${attachmentName} has been attached to the message.` } : {}),
  };
}

/** The confirmation that takes the form's place once a message is sent (issue 27). */
export const contactSentTexts = {
  heading: 'Message sent',
  acknowledged: (email: string) => `We e-mailed a short acknowledgement to ${email}. It does not repeat your message.`,
  again: 'Send another message',
} as const;

export const messageToasts = {
  rateLimited: errorToast(contactMessages.rateLimited),
  sendFailed: errorToast('Your message could not be sent. Please try again, or call us.'),
  attachmentUploadFailed: {
    kind: 'error',
    title: 'Upload Error',
    description: 'There was an error uploading your file. Please try again.',
  },
  markedRead: { kind: 'success', title: 'Message marked as read' },
  answered: { kind: 'success', title: 'Answer sent' },
  markedUnread: { kind: 'success', title: 'Message marked as unread' },
  deleted: { kind: 'success', title: 'Message deleted successfully' },
} as const satisfies Record<string, FlashToast>;

export const messageRuleMessages = {
  gone: 'This message no longer exists.',
} as const;
