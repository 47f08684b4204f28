import { CheckCircle2 } from 'lucide-react';

/** What the candidate's "Delete my data" did: said plainly, including what a legal hold keeps. */
export interface ErasureDoneProps {
  applications: number;
  messages: number;
  files: number;
  account: 'deleted' | 'none' | 'kept';
  held: number;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function ErasureDone({ applications, messages, files, account, held }: ErasureDoneProps) {
  return (
    <section role="status" aria-labelledby="erased-heading" className="rounded-2xl border border-border bg-card p-6 shadow-card sm:p-8">
      <CheckCircle2 aria-hidden="true" className="size-8 text-success" />
      <h2 id="erased-heading" className="mt-3 text-2xl font-bold tracking-tight">
        {held > 0 ? 'Your data was erased, except what we must keep' : 'Your data was erased'}
      </h2>
      <p className="mt-2 text-muted-foreground">
        As for any privacy request, we erased what we held about your e-mail address: {count(applications, 'application', 'applications')},{' '}
        {count(messages, 'message', 'messages')} and {count(files, 'file', 'files')}
        {account === 'deleted' ? ', and your account' : ''}. What our records of changes say about you now carries a reference instead of
        your address. A confirmation is on its way to your inbox.
      </p>
      {account === 'kept' && (
        <p className="mt-2 text-muted-foreground">Your account was kept: please delete it from your account page, or write to us.</p>
      )}
      {held > 0 && (
        <p className="mt-2 font-medium">
          {held === 1 ? 'One application is' : `${held} applications are`} under a legal hold: the law requires us to keep{' '}
          {held === 1 ? 'it' : 'them'} until the hold ends, and we erase {held === 1 ? 'it' : 'them'} then. Your link keeps working until
          then.
        </p>
      )}
    </section>
  );
}
