import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select';
import { FieldError } from '@/components/ui/label';
import { emailChoiceLabels, emailChoices, topicLabels, type EmailChoice, type NoticeTopic } from '@/lib/notifications/kinds';
import { topicField } from '@/lib/notifications/preferences';

const radioClassName = 'size-4 accent-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** "8:00", "13:00": the digest's hours, as a 24-hour clock. */
const hourLabel = (hour: number) => `${hour}:00`;

/**
 * One's notification choices (issue 51), a plain form posted to its page (it works without
 * JavaScript): for each topic one's role can be told of, by e-mail at once, in the daily digest or
 * not at all (the workspace's list shows everything whatever is chosen); the digest's hour.
 */
export function NotificationPreferences({
  action,
  topics,
  digestHour,
  zoneName,
  errors = {},
  notice,
}: {
  action: string;
  topics: { topic: NoticeTopic; choice: EmailChoice }[];
  digestHour: number;
  zoneName: string;
  errors?: Record<string, string>;
  notice?: string | undefined;
}) {
  return (
    <form method="post" action={action} className="flex flex-col gap-6" noValidate>
      <input type="hidden" name="intent" value="save" />
      {topics.map(({ topic, choice }) => {
        const field = topicField(topic);
        const error = errors[field];
        return (
          <fieldset
            key={topic}
            role="radiogroup"
            aria-describedby={`${field}-hint${error ? ` ${field}-error` : ''}`}
            aria-invalid={error ? true : undefined}
            className="flex flex-col gap-2 border-b border-border pb-5 last:border-b-0"
          >
            <legend className="text-sm font-semibold text-foreground">{topicLabels[topic].label}</legend>
            <p id={`${field}-hint`} className="-mt-1 text-sm text-muted-foreground">
              {topicLabels[topic].hint}
            </p>
            <div className="flex flex-wrap gap-x-6 gap-y-3">
              {emailChoices.map((option) => (
                <label key={option} className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm sm:min-h-0">
                  <input type="radio" name={field} value={option} defaultChecked={choice === option} className={radioClassName} />
                  {emailChoiceLabels[option]}
                </label>
              ))}
            </div>
            {error && <FieldError id={`${field}-error`}>{error}</FieldError>}
          </fieldset>
        );
      })}
      <SelectField
        id="digest_hour"
        name="digest_hour"
        label="Your daily digest comes at"
        hint={`In your time zone, ${zoneName}, set on Your availability. It comes only when something waits for it.`}
        defaultValue={String(digestHour)}
        error={errors['digest_hour']}
        className="max-w-xs"
      >
        {Array.from({ length: 24 }, (_, hour) => (
          <option key={hour} value={hour}>
            {hourLabel(hour)}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit">Save your choices</Button>
        {notice && (
          <p role="status" className="text-sm font-medium text-success">
            {notice}
          </p>
        )}
      </div>
    </form>
  );
}
