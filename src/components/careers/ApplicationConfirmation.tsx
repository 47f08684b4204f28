import { CheckCircle2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode, type Ref } from 'react';
import { Button } from '@/components/ui/button';
import { forgetSentApplication, parseSentApplication, storedSentApplication, type SentApplication } from '@/lib/applications/confirmation';
import { confirmationTexts as texts, REQUEST_LINKS_PATH } from '@/lib/applications/confirmation-texts';

/**
 * The confirmation of a sent application (issue 27): the position, where the personal link was
 * e-mailed, and what happens next. Its heading takes the focus, so a screen reader reads it and a
 * keyboard user starts from it.
 */
export function ApplicationConfirmationPanel({
  sent,
  headingRef,
  children,
}: {
  sent: SentApplication;
  headingRef?: Ref<HTMLHeadingElement>;
  /** Its buttons: Dismiss on the job board, the spec's View More Jobs and Homepage on the page answering a plain post. */
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby="application-sent-heading"
      className="rounded-2xl border border-success/40 bg-success-soft p-6 shadow-card sm:p-8"
    >
      <div className="flex items-start gap-3">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-7 shrink-0 text-success" />
        <div className="flex min-w-0 flex-col gap-3">
          <h2 id="application-sent-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold tracking-tight text-foreground">
            {texts.heading(sent.position)}
          </h2>
          <p>
            <strong>{texts.emailed(sent.email)}</strong> {texts.link}
          </p>
          <p className="text-muted-foreground">{texts.next}</p>
          <p className="text-sm text-muted-foreground">
            {texts.noMail}{' '}
            <a href={REQUEST_LINKS_PATH} className="font-semibold text-primary underline underline-offset-4">
              {texts.resend}
            </a>
            .
          </p>
          {children && <div className="mt-1 flex flex-wrap gap-3">{children}</div>}
        </div>
      </div>
    </section>
  );
}

const noChanges = () => () => undefined;

/**
 * On the job board: the confirmation of the application this tab just sent, until dismissed. The
 * server renders nothing (the page is the same for everyone); the panel appears once the island
 * reads the tab's storage, and takes the focus.
 */
export function ApplicationSentNotice() {
  // Nothing on the server and while hydrating, then what the tab keeps; nobody else changes it.
  const stored = useSyncExternalStore(noChanges, storedSentApplication, () => null);
  const [dismissed, setDismissed] = useState(false);
  const sent = useMemo(() => (dismissed ? null : parseSentApplication(stored)), [stored, dismissed]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (sent) heading.current?.focus();
  }, [sent]);
  if (!sent) return null;
  return (
    <div className="mb-10">
      <ApplicationConfirmationPanel sent={sent} headingRef={heading}>
        <Button
          variant="outline"
          onClick={() => {
            forgetSentApplication();
            setDismissed(true);
            // The panel and its button are gone: carry on from the start of the page's content.
            document.getElementById('main-content')?.focus();
          }}
        >
          {texts.dismiss}
        </Button>
      </ApplicationConfirmationPanel>
    </div>
  );
}
