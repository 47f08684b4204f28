import { actions } from 'astro:actions';
import { AccountForm, SubmitButton } from '@/components/auth/account-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { profileSchema, type ProfileInput } from '@/lib/accounts/schema';
import { accountTexts } from '@/lib/accounts/texts';
import { useCommandForm } from './use-command';

/** First name, last name and username, with the sign-up rules (checked again on the server). */
export function ProfileForm({ profile }: { profile: ProfileInput }) {
  const { register, busy, formError, run, submit, errorOf } = useCommandForm<ProfileInput>(profileSchema, profile);

  return (
    <AccountForm
      error={formError}
      onSubmit={submit((values) => run(() => actions.account.updateProfile(values), { kind: 'success', title: accountTexts.profileSaved }))}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="profile-first-name" label="First name" required error={errorOf('firstName')}>
          {(control) => <Input {...control} {...register('firstName')} autoComplete="given-name" maxLength={100} />}
        </FormField>
        <FormField id="profile-last-name" label="Last name" required error={errorOf('lastName')}>
          {(control) => <Input {...control} {...register('lastName')} autoComplete="family-name" maxLength={100} />}
        </FormField>
      </div>
      <FormField
        id="profile-username"
        label="Username"
        required
        error={errorOf('username')}
        hint="3 to 30 letters, digits, dots, hyphens or underscores"
      >
        {(control) => <Input {...control} {...register('username')} autoComplete="username" maxLength={30} />}
      </FormField>
      <div>
        <SubmitButton busy={busy} working="Saving...">
          Save profile
        </SubmitButton>
      </div>
    </AccountForm>
  );
}
