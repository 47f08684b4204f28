import { Button } from '@/components/ui/button';
import { stageTexts, type CandidateStage } from '@/lib/candidates/stages';

/** The signed-in candidate's applications (issue 19): position, date and coarse stage; each opens its own page. */
export interface MyApplicationItem {
  id: string;
  positionTitle: string;
  appliedOn: string;
  stage: CandidateStage;
}

export function MyApplications({ items, verified }: { items: MyApplicationItem[]; verified: boolean }) {
  if (!verified)
    return (
      <p className="text-muted-foreground">Confirm your e-mail address first: your applications are shown once we know it is yours.</p>
    );
  if (items.length === 0)
    return (
      <p className="text-muted-foreground">
        No applications were sent from your address.{' '}
        <a href="/careers" className="font-medium text-primary underline underline-offset-4">
          See our open positions
        </a>
        .
      </p>
    );
  return (
    <ul className="flex flex-col divide-y divide-border">
      {items.map((item) => (
        <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-4 first:pt-0 last:pb-0">
          <div>
            <p className="font-semibold">{item.positionTitle}</p>
            <p className="text-sm text-muted-foreground">
              Applied on {item.appliedOn} · <span className="font-medium text-foreground">{stageTexts[item.stage].label}</span>
            </p>
          </div>
          <form method="post" action="/account/applications">
            <input type="hidden" name="application" value={item.id} />
            <Button type="submit" variant="outline" size="sm" aria-label={`Open your application for ${item.positionTitle}`}>
              Open
            </Button>
          </form>
        </li>
      ))}
    </ul>
  );
}
