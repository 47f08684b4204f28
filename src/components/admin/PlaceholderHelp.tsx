import { placeholders } from '@/lib/applications/templates';

/** What each placeholder of the e-mail templates stands for. */
export function PlaceholderHelp() {
  return (
    <section aria-labelledby="placeholders-heading" className="rounded-xl border border-border bg-card p-6 text-sm shadow-card">
      <h2 id="placeholders-heading" className="text-lg font-semibold">
        Placeholders
      </h2>
      <p className="mt-2 text-muted-foreground">
        Write these in a subject or text; each is replaced for the candidate when the e-mail is sent. Each e-mail can still be changed
        before it goes.
      </p>
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
        {Object.entries(placeholders).map(([name, meaning]) => (
          <div key={name} className="contents">
            <dt>
              <code className="rounded bg-surface px-1.5 py-0.5 font-mono">{`{{${name}}}`}</code>
            </dt>
            <dd className="text-muted-foreground">{meaning}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
