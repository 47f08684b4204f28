import { CheckCircle2 } from 'lucide-react';
import { LinkButton } from '@/components/ui/link-button';
import { contactSentTexts, messageSentToast } from '@/lib/messages/texts';

/**
 * The answer to a message sent without JavaScript: the spec's success text, on the page instead of a
 * toast, and where the acknowledgement went.
 */
export function ContactSent({ attachmentName, email }: { attachmentName: string | null; email: string }) {
  const sent = messageSentToast(attachmentName);
  return (
    <section className="bg-surface px-4 py-16 sm:py-24">
      <div
        role="status"
        className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-2xl border border-border bg-card p-8 text-center shadow-card"
      >
        <CheckCircle2 aria-hidden="true" className="size-10 text-success" />
        <h1 className="text-2xl font-bold tracking-tight">{sent.title}</h1>
        {sent.description && <p className="text-muted-foreground">{sent.description}</p>}
        <p className="text-muted-foreground">{contactSentTexts.acknowledged(email)}</p>
        <div className="mt-2 flex flex-wrap justify-center gap-3">
          <LinkButton href="/contact" variant="outline">
            {contactSentTexts.again}
          </LinkButton>
          <LinkButton href="/">Homepage</LinkButton>
        </div>
      </div>
    </section>
  );
}
