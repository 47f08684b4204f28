import { zodResolver } from '@hookform/resolvers/zod';
import { actions } from 'astro:actions';
import { useForm } from 'react-hook-form';
import { FormAlert } from '@/components/auth/FormAlert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { profileSchema, type ProfileInput } from '@/lib/accounts/schema';
import { accountTexts } from '@/lib/accounts/texts';
import { useCommand } from './use-command';

/** First name, last name and username, with the sign-up rules (checked again on the server). */
export function ProfileForm({ profile }: { profile: ProfileInput }) {
  const { register, handleSubmit, formState, setError } = useForm<ProfileInput>({
    mode: 'onTouched',
    resolver: zodResolver(profileSchema),
    defaultValues: profile,
  });
  const { busy, formError, run } = useCommand(setError);
  const { errors } = formState;

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) =>
        void handleSubmit((values) =>
          run(() => actions.account.updateProfile(values), { kind: 'success', title: accountTexts.profileSaved }),
        )(event)
      }
      className="flex flex-col gap-5"
    >
      <FormAlert message={formError.message} version={formError.version} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="profile-first-name" label="First name" required error={errors.firstName?.message}>
          {(control) => <Input {...control} {...register('firstName')} autoComplete="given-name" maxLength={100} />}
        </FormField>
        <FormField id="profile-last-name" label="Last name" required error={errors.lastName?.message}>
          {(control) => <Input {...control} {...register('lastName')} autoComplete="family-name" maxLength={100} />}
        </FormField>
      </div>
      <FormField
        id="profile-username"
        label="Username"
        required
        error={errors.username?.message}
        hint="3 to 30 letters, digits, dots, hyphens or underscores"
      >
        {(control) => <Input {...control} {...register('username')} autoComplete="username" maxLength={30} />}
      </FormField>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save profile'}
        </Button>
      </div>
    </form>
  );
}
