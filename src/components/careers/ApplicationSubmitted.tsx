import { LinkButton } from '@/components/ui/link-button';
import type { SentApplication } from '@/lib/applications/confirmation';
import { applicationToasts } from '@/lib/applications/texts';
import { ApplicationConfirmationPanel } from './ApplicationConfirmation';

/**
 * The answer to an application sent without JavaScript: the spec's success text, then the same
 * confirmation the job board keeps after a sent application, with the follow-up toast's View More
 * Jobs and Homepage buttons.
 */
export function ApplicationSubmitted({ sent }: { sent: SentApplication }) {
  const { submitted, followUp } = applicationToasts;
  return (
    <div className="flex flex-col gap-6">
      <p role="status" className="text-lg font-semibold text-success">
        {submitted.title}
      </p>
      <ApplicationConfirmationPanel sent={sent}>
        {followUp.links.map((link, index) => (
          <LinkButton key={link.href} href={link.href} variant={index === 0 ? 'primary' : 'outline'}>
            {link.label}
          </LinkButton>
        ))}
      </ApplicationConfirmationPanel>
    </div>
  );
}
