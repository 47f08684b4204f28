import { actions } from 'astro:actions';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { reviewToasts } from '@/lib/applications/review';
import { runAdminAction } from './run-admin-action';

/** The viewer's rating (1 to 5, one per reviewer) and every reviewer's average. */
export function RatingControl({
  applicationId,
  ratings,
  viewer,
}: {
  applicationId: string;
  ratings: { reviewerUserId: string; reviewerName: string; rating: number }[];
  viewer: { id: string; name: string };
}) {
  const [mine, setMine] = useState(() => ratings.find((row) => row.reviewerUserId === viewer.id)?.rating ?? null);
  const all = [
    ...ratings.filter((row) => row.reviewerUserId !== viewer.id),
    ...(mine ? [{ reviewerUserId: viewer.id, reviewerName: viewer.name, rating: mine }] : []),
  ];
  const average = all.length ? Math.round((all.reduce((sum, row) => sum + row.rating, 0) / all.length) * 10) / 10 : null;

  async function rate(rating: number) {
    const previous = mine;
    setMine(rating);
    if (!(await runAdminAction(() => actions.admin.rateApplication({ applicationId, rating }), reviewToasts.rated))) setMine(previous);
  }

  return (
    <div className="flex flex-col gap-3">
      <fieldset>
        <legend className="text-sm font-medium">Your rating</legend>
        <div className="mt-2 flex gap-1">
          {[1, 2, 3, 4, 5].map((value) => (
            <label
              key={value}
              className="cursor-pointer rounded-md p-1 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
            >
              <input
                type="radio"
                name={`rating-${applicationId}`}
                value={value}
                checked={mine === value}
                onChange={() => void rate(value)}
                className="sr-only"
              />
              <Star
                aria-hidden="true"
                className={`size-6 ${mine !== null && value <= mine ? 'fill-accent text-accent' : 'text-muted-foreground'}`}
              />
              <span className="sr-only">{value === 1 ? '1 star' : `${value} stars`}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {average === null
          ? 'Not rated yet.'
          : `Average ${average.toFixed(1)} of 5, from ${all.length} reviewer${all.length === 1 ? '' : 's'}.`}
      </p>
      {all.length > 0 && (
        <ul aria-label="Ratings by reviewer" className="text-sm text-muted-foreground">
          {all.map((row) => (
            <li key={row.reviewerUserId}>
              {row.reviewerName}: {row.rating}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
