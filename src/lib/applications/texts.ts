import type { FlashToast } from '../flash.ts';
import { emailMessage, errorToast, tooLong } from '../forms.ts';

/** Every text of applying for a position: the form's messages and the spec's toasts (sections 5 and 8). */

export const applicationMessages = {
  // An empty required field says what to do (issue 27); the spec's rule messages follow once something is typed.
  firstNameMissing: 'Enter your first name',
  lastNameMissing: 'Enter your last name',
  emailMissing: 'Enter your email address',
  phoneMissing: 'Enter your phone number',
  addressMissing: 'Enter your address',
  nameLength: 'Must be at least 2 characters long',
  nameCharacters: 'Can only contain letters, spaces, hyphens, and apostrophes',
  email: emailMessage,
  phone: 'Please enter a valid phone number',
  address: 'Please enter a complete address',
  linkedin: 'Please enter a valid LinkedIn URL',
  gender: 'Please select your gender',
  // The spec names these fields required without wording a message; ours follow its style.
  coverLetter: 'Please write a cover letter',
  resume: 'Please upload your resume',
  resumeMissing: 'Your uploaded resume could not be found. Please upload it again.',
  chooseResumeAgain: 'Please choose your resume again: it is kept only once the application is sent.',
  notAForm: 'The application did not arrive as a form. Please try again.',
  rateLimited: 'Several applications were sent from your network in a short time. Please try again in an hour.',
  url: 'Please enter a valid web address',
  tooLong,
} as const;

export const applicationToasts = {
  submitted: { kind: 'success', title: 'Application Submitted Successfully!' },
  followUp: {
    kind: 'message',
    title: 'Thank you for applying',
    description: 'Our hiring team reviews every application and will contact you by email.',
    links: [
      { label: 'View More Jobs', href: '/careers' },
      { label: 'Homepage', href: '/' },
    ],
  },
  submitFailed: errorToast('There was an error submitting your application. Please try again.'),
  genderMissing: { kind: 'error', title: 'Required Field', description: applicationMessages.gender },
  rateLimited: errorToast(applicationMessages.rateLimited),
  resumeUploaded: { kind: 'success', title: 'Resume Uploaded', description: 'Your resume has been successfully uploaded.' },
  resumeUploadFailed: { kind: 'error', title: 'Upload Error', description: 'There was an error uploading your resume. Please try again.' },
} as const satisfies Record<string, FlashToast>;

/** Shown beside the resume field once it is stored (spec section 4). */
export const resumeUploadedText = 'Resume uploaded successfully';

export function statusChangedToast(label: string): FlashToast {
  return { kind: 'success', title: `Status changed to ${label}` };
}

export const applicationRuleMessages = {
  gone: 'This application no longer exists.',
} as const;
