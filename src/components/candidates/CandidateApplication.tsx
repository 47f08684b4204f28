import { CheckCircle2, Circle, CircleDot, Info } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { candidatePageTexts as texts, stageSteps, stageTexts, type CandidateStage } from '@/lib/candidates/stages';
import { cn } from '@/lib/cn';

/**
 * The candidate's own page (issue 19), rendered on the server with plain forms posted to the page
 * itself: where the application stands in coarse stages, and the two things they can do with it.
 * Confirmations are a second step (?confirm=…), so nothing needs JavaScript.
 */

export interface CandidateApplicationView {
  positionTitle: string;
  appliedOn: string;
  stage: CandidateStage;
  canWithdraw: boolean;
  /** Interviews to choose a time for, and interviews booked (coming), with their links (issue 31). */
  interviews?: ReadonlyArray<
    | { kind: 'invited'; durationMinutes: number; href: string }
    | { kind: 'booked'; when: string; durationMinutes: number; href: string | null }
  >;
}

export interface CandidateApplicationProps {
  application: CandidateApplicationView;
  /** The page's own path: the forms post here, the cancel links come back here. */
  path: string;
  confirm: 'withdraw' | 'erase' | null;
  /** A message after an action (e.g. "withdrawn"). */
  notice: string | null;
  /**
   * Where a "Delete my data" stands: a confirmation link was e-mailed, or the address has an account
   * whose sign-in confirms (the sign-in page comes back here).
   */
  erase?: { kind: 'sent' } | { kind: 'sign-in'; signInHref: string } | null;
}

/**
 * Where the application stands, as a progress list: marks and a line, no boxes, so nothing looks
 * like a control to press (issue 30). Done stages are ticked, the current one is marked.
 */
function Stages({ stage }: { stage: CandidateStage }) {
  if (stage === 'withdrawn') return null;
  const current = stageSteps.indexOf(stage);
  return (
    <ol aria-label="Stages of an application" className="mt-6 flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
      {stageSteps.map((step, index) => {
        const done = index < current;
        const here = index === current;
        return (
          <li
            key={step}
            aria-current={here ? 'step' : undefined}
            className={cn(
              'flex items-center gap-2 text-sm sm:flex-1',
              here ? 'font-semibold text-primary' : done ? 'text-foreground' : 'text-muted-foreground',
            )}
          >
            {done ? (
              <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />
            ) : here ? (
              <CircleDot aria-hidden="true" className="size-4 shrink-0" />
            ) : (
              <Circle aria-hidden="true" className="size-4 shrink-0" />
            )}
            <span className="whitespace-nowrap">{stageTexts[step].label}</span>
            {done && <span className="sr-only">(done)</span>}
            {index < stageSteps.length - 1 && <span aria-hidden="true" className="hidden h-px min-w-4 flex-1 bg-border sm:block" />}
          </li>
        );
      })}
    </ol>
  );
}

function Confirm({ path, intent, question, action }: { path: string; intent: 'withdraw' | 'erase'; question: string; action: string }) {
  return (
    <form
      method="post"
      action={path}
      aria-labelledby={`confirm-${intent}`}
      className="mt-4 rounded-xl border border-destructive/40 bg-card p-5"
    >
      <p id={`confirm-${intent}`} className="font-semibold">
        {question}
      </p>
      <input type="hidden" name="intent" value={intent} />
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="submit" variant="destructive">
          {action}
        </Button>
        <LinkButton href={path} variant="outline">
          Cancel
        </LinkButton>
      </div>
    </form>
  );
}

export function CandidateApplication({ application, path, confirm, notice, erase = null }: CandidateApplicationProps) {
  const stage = stageTexts[application.stage];
  return (
    <div className="flex flex-col gap-8">
      {notice && (
        <div role="status" className="flex gap-3 rounded-xl border border-primary/40 bg-primary-soft p-4 text-primary">
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>{notice}</p>
        </div>
      )}
      <section aria-labelledby="status-heading" className="rounded-2xl border border-border bg-card p-6 shadow-card sm:p-8">
        <p className="text-sm text-muted-foreground">
          {application.positionTitle} · applied on {application.appliedOn}
        </p>
        <h2 id="status-heading" className="mt-2 text-2xl font-bold tracking-tight">
          Status: <span data-testid="candidate-stage">{stage.label}</span>
        </h2>
        <p className="mt-2 text-muted-foreground">{stage.description}</p>
        <Stages stage={application.stage} />
      </section>

      {application.interviews && application.interviews.length > 0 && (
        <section aria-labelledby="interviews-heading" className="rounded-2xl border border-border bg-card p-6 shadow-card sm:p-8">
          <h2 id="interviews-heading" className="text-xl font-bold tracking-tight">
            Your interviews
          </h2>
          <ul className="mt-4 flex flex-col gap-4">
            {application.interviews.map((interview) => (
              <li key={interview.href ?? interview.kind} className="flex flex-wrap items-center justify-between gap-3">
                {interview.kind === 'invited' ? (
                  <>
                    <p>You are invited to a {interview.durationMinutes}-minute interview. Choose a time that suits you.</p>
                    <LinkButton href={interview.href}>Choose a time</LinkButton>
                  </>
                ) : (
                  <>
                    <p>
                      <span className="font-semibold">{interview.when}</span>{' '}
                      <span className="text-muted-foreground">({interview.durationMinutes} minutes)</span>
                    </p>
                    {interview.href && (
                      <LinkButton href={interview.href} variant="outline">
                        Reschedule or cancel
                      </LinkButton>
                    )}
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      {application.canWithdraw && (
        <section aria-labelledby="withdraw-heading" className="rounded-2xl border border-border bg-card p-6 shadow-card sm:p-8">
          <h2 id="withdraw-heading" className="text-xl font-bold tracking-tight">
            Withdraw your application
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Changed your mind? Withdrawing tells the hiring team you no longer wish to be considered for this position.
          </p>
          {confirm === 'withdraw' ? (
            <Confirm path={path} intent="withdraw" question={texts.withdrawConfirm} action="Yes, withdraw my application" />
          ) : (
            <LinkButton href={`${path}?confirm=withdraw#withdraw-heading`} variant="outline" className="mt-4">
              Withdraw application…
            </LinkButton>
          )}
        </section>
      )}

      <section aria-labelledby="erase-heading" className="rounded-2xl border border-border bg-card p-6 shadow-card sm:p-8">
        <h2 id="erase-heading" className="text-xl font-bold tracking-tight">
          Delete my data
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          We erase everything we hold about your e-mail address, as for any privacy request: your applications and resumes, messages you
          sent us, and your account if you have one. To be sure it is you, we first e-mail you a link to confirm (or, if the address has an
          account, ask you to sign in to it). Then this link stops working.
        </p>
        {erase?.kind === 'sent' ? (
          <p role="status" className="mt-4 rounded-lg bg-primary-soft p-3 text-sm text-primary">
            {texts.eraseSent}
          </p>
        ) : erase?.kind === 'sign-in' ? (
          <div role="status" className="mt-4 rounded-lg bg-primary-soft p-3 text-sm text-primary">
            <p>{texts.eraseSignIn}</p>
            <LinkButton href={erase.signInHref} className="mt-3">
              Sign in to confirm
            </LinkButton>
          </div>
        ) : confirm === 'erase' ? (
          <Confirm path={path} intent="erase" question={texts.eraseConfirm} action="Yes, delete my data" />
        ) : (
          <LinkButton href={`${path}?confirm=erase#erase-heading`} variant="outline" className="mt-4">
            Delete my data…
          </LinkButton>
        )}
      </section>

      <p className="text-sm text-muted-foreground">
        This page is personal: anyone with its link can see your application and withdraw it, so please do not share it. The link works for
        90 days. You can always{' '}
        <a href="/applications" className="font-medium text-primary underline underline-offset-4">
          ask for a new link
        </a>{' '}
        (older links stop working once you open it).
      </p>
    </div>
  );
}
