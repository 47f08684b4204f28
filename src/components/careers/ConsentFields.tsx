import type { UseFormRegisterReturn } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/label';
import { privacyMessages, PRIVACY_NOTICE_PATH } from '@/lib/privacy/notice';

/**
 * The apply form's consents: the privacy notice acknowledged (required: the server refuses an
 * application without it), and an optional place in the talent pool for other openings.
 */
export function ConsentFields({
  acknowledgement,
  talentPool,
  initial,
  error,
  talentPoolMonths,
}: {
  acknowledgement: UseFormRegisterReturn<'privacy_acknowledged'>;
  talentPool: UseFormRegisterReturn<'talent_pool'>;
  initial: { privacy_acknowledged?: boolean | undefined; talent_pool?: boolean | undefined };
  error: string | undefined;
  talentPoolMonths: number;
}) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4">
      <legend className="sr-only">Your data</legend>
      <div className="flex flex-col gap-1.5">
        <Checkbox
          id="privacy_acknowledged"
          {...acknowledgement}
          defaultChecked={initial.privacy_acknowledged === true}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'privacy_acknowledged-error' : undefined}
          label={
            <>
              I have read the{' '}
              <a
                href={PRIVACY_NOTICE_PATH}
                target="_blank"
                rel="noopener"
                className="font-semibold text-primary underline underline-offset-4"
              >
                privacy notice
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
              <span aria-hidden="true" className="ml-0.5 text-destructive">
                *
              </span>
            </>
          }
        />
        {error && <FieldError id="privacy_acknowledged-error">{error}</FieldError>}
      </div>
      <Checkbox
        id="talent_pool"
        {...talentPool}
        defaultChecked={initial.talent_pool === true}
        label={`${privacyMessages.talentPool(talentPoolMonths)} (optional)`}
      />
    </fieldset>
  );
}
