import { pickFields, readFormPost } from '../public-form.ts';
import type { Runtime } from '../runtime.ts';
import { receivePostedFile, uploadDeps } from '../uploads/receive.ts';
import { HONEYPOT_FIELD } from '../../lib/honeypot.ts';
import {
  RESUME_INPUT,
  type ApplicationFieldErrors,
  type ApplicationFormInput,
  type SourceFormFields,
} from '../../lib/applications/schema.ts';
import { applicationMessages } from '../../lib/applications/texts.ts';
import { applicationDeps, submitApplication } from './submit.ts';

/**
 * The application form posted without JavaScript (or before its island hydrated): the same command
 * as the island's, the resume received from the post. Nothing typed is lost: a refusal comes back
 * with the values and a message per field.
 */

export type ApplicationPostOutcome =
  /** The address it was sent from, for the confirmation. */
  | { kind: 'submitted'; email: string }
  | { kind: 'position-not-found' }
  | { kind: 'refused'; values: ApplicationFormInput & SourceFormFields; fieldErrors: ApplicationFieldErrors };

const fieldNames = [
  'first_name',
  'last_name',
  'email',
  'country_code',
  'phone',
  'address',
  'gender',
  'linkedin_profile',
  'github_profile',
  'vercel_profile',
  'cover_letter',
  'heard_about',
  'source',
  'source_medium',
  'source_campaign',
] as const;

const ANSWER_PREFIX = 'answers.';

/** The screening answers posted as `answers.<question id>` fields (an unchosen radio posts nothing). */
function postedAnswers(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([name]) => name.startsWith(ANSWER_PREFIX))
      .map(([name, value]) => [name.slice(ANSWER_PREFIX.length), value]),
  );
}

export async function applyFormPost(
  runtime: Runtime,
  request: Request,
  positionId: string,
  clientKey: string,
): Promise<ApplicationPostOutcome> {
  const post = await readFormPost(request);
  const fields = pickFields(post ?? { fields: {}, files: {} }, fieldNames);
  // A checked box posts its value ("on"), an unchecked one nothing.
  const values = {
    ...fields,
    resume_upload_id: '',
    privacy_acknowledged: post?.fields['privacy_acknowledged'] !== undefined,
    talent_pool: post?.fields['talent_pool'] !== undefined,
    answers: postedAnswers(post?.fields ?? {}),
  } as ApplicationFormInput & SourceFormFields;
  if (!post) return { kind: 'refused', values, fieldErrors: { form: applicationMessages.notAForm } };

  const file = post.files[RESUME_INPUT];
  if (file) {
    const upload = await receivePostedFile(uploadDeps(runtime), file, 'resume', clientKey);
    if ('error' in upload) return { kind: 'refused', values, fieldErrors: { resume_upload_id: upload.error } };
    values.resume_upload_id = upload.id;
  }
  const result = await submitApplication(
    applicationDeps(runtime),
    { ...values, position_id: positionId, [HONEYPOT_FIELD]: post.fields[HONEYPOT_FIELD] },
    clientKey,
  );
  // The stored resume cannot be posted back into a file input: it must be chosen again.
  const retry = { ...values, resume_upload_id: '' };
  const chooseAgain = values.resume_upload_id ? { resume_upload_id: applicationMessages.chooseResumeAgain } : {};
  switch (result.kind) {
    case 'submitted':
      return { kind: 'submitted', email: values.email };
    case 'position-not-found':
      return { kind: 'position-not-found' };
    case 'invalid':
      return { kind: 'refused', values: retry, fieldErrors: { ...result.fieldErrors, ...chooseAgain } };
    case 'rate-limited':
      return { kind: 'refused', values: retry, fieldErrors: { form: applicationMessages.rateLimited, ...chooseAgain } };
  }
}
