import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FieldHint } from '@/components/ui/label';

export interface CalendarFeedProps {
  action: string;
  /** The feed's full address; null when there is none, or it cannot be shown again (AUTH_SECRET changed). */
  url: string | null;
  /** Whether a feed exists (its address may still be unknown to the page: then it can only be renewed). */
  exists: boolean;
  notice?: string;
}

const apps = [
  { name: 'Google Calendar', steps: 'Other calendars (+) → From URL' },
  { name: 'Outlook', steps: 'Add calendar → Subscribe from web' },
  { name: 'Apple Calendar', steps: 'File → New Calendar Subscription' },
] as const;

/**
 * The private calendar feed of one's bookings: a secret address any calendar app subscribes to
 * (no sign-in, no OAuth), shown again on this page, and renewed when it may have got out (the old
 * address stops working at once).
 */
export function CalendarFeed({ action, url, exists, notice }: CalendarFeedProps) {
  return (
    <div className="flex flex-col gap-5">
      {notice && (
        <p role="status" className="rounded-lg border border-success/40 bg-success-soft p-4 text-sm font-medium text-success">
          {notice}
        </p>
      )}
      {url && (
        <>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="calendar-feed-url" className="text-sm font-medium">
              Your calendar link
            </label>
            <Input
              id="calendar-feed-url"
              readOnly
              value={url}
              aria-describedby="calendar-feed-url-hint"
              className="font-mono text-sm sm:text-sm"
              spellCheck={false}
            />
            <FieldHint id="calendar-feed-url-hint">Private: anyone with this link sees your bookings. Keep it to yourself.</FieldHint>
          </div>
          <div>
            <h3 className="text-base font-semibold">How to add it</h3>
            <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-sm">
              {apps.map((app) => (
                <li key={app.name}>
                  <strong className="font-semibold">{app.name}:</strong> {app.steps}, then paste the link.
                </li>
              ))}
            </ul>
            <FieldHint className="mt-2">
              Calendar apps refresh a subscription every few hours, so a new booking can take a while to show.
            </FieldHint>
          </div>
        </>
      )}
      {exists && !url && (
        <p className="text-sm">Your calendar link cannot be shown again here. Renew it to get a new one, and subscribe to that.</p>
      )}
      <form method="post" action={action} className="flex flex-col gap-2">
        <input type="hidden" name="intent" value="renew-feed" />
        {exists ? (
          <>
            <div>
              <Button type="submit" variant="outline" aria-describedby="calendar-feed-renew-hint">
                Renew the link
              </Button>
            </div>
            <FieldHint id="calendar-feed-renew-hint">A new secret link: the old one stops working at once.</FieldHint>
          </>
        ) : (
          <div>
            <Button type="submit">Create a calendar link</Button>
          </div>
        )}
      </form>
    </div>
  );
}
