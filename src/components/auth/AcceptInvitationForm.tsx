import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PASSWORD_MAX } from '@/lib/accounts/schema';
import { invitationTexts } from '@/lib/accounts/texts';
import { PrivacyNote } from '@/components/ui/privacy-note';
import { AccountForm } from './account-form';

export interface AcceptInvitationState {
  values: { firstName?: string; lastName?: string };
  fieldErrors: Record<string, string>;
  formError?: string | undefined;
}

/**
 * The invitee's form: a plain HTML form the server answers (no script needed, nothing typed is
 * lost: names come back with the errors, passwords are typed again). Server-rendered.
 */
export function AcceptInvitationForm({ state }: { state: AcceptInvitationState }) {
  const { values, fieldErrors } = state;
  return (
    // Checked by the browser before it is sent (no script here to check it): not noValidate.
    <AccountForm error={{ message: state.formError }} noValidate={false}>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="invite-first-name" label="First name" required error={fieldErrors['firstName']}>
          {(control) => (
            <Input {...control} name="firstName" defaultValue={values.firstName ?? ''} autoComplete="given-name" maxLength={100} />
          )}
        </FormField>
        <FormField id="invite-last-name" label="Last name" required error={fieldErrors['lastName']}>
          {(control) => (
            <Input {...control} name="lastName" defaultValue={values.lastName ?? ''} autoComplete="family-name" maxLength={100} />
          )}
        </FormField>
      </div>
      <FormField
        id="invite-password"
        label="Password"
        required
        error={fieldErrors['password']}
        hint="At least 8 characters, not one of the most common passwords. A few unrelated words make a strong one."
      >
        {(control) => <Input {...control} name="password" type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} />}
      </FormField>
      <FormField id="invite-confirm-password" label="Repeat the password" required error={fieldErrors['confirmPassword']}>
        {(control) => <Input {...control} name="confirmPassword" type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} />}
      </FormField>
      <PrivacyNote />
      <Button type="submit" size="lg" className="w-full">
        {invitationTexts.accept}
      </Button>
    </AccountForm>
  );
}
