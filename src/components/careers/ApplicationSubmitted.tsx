import { CheckCircle2 } from 'lucide-react';
import { LinkButton } from '@/components/ui/link-button';
import { applicationToasts } from '@/lib/applications/texts';

/**
 * The answer to an application sent without JavaScript: the spec's success toasts, on the page,
 * with their View More Jobs and Homepage buttons.
 */
export function ApplicationSubmitted() {
  const { submitted, followUp } = applicationToasts;
  return (
    <div role="status" className="flex flex-col items-start gap-3">
      <CheckCircle2 aria-hidden="true" className="size-8 text-success" />
      <p className="text-xl font-semibold">{submitted.title}</p>
      <p className="text-muted-foreground">{followUp.description}</p>
      <div className="mt-2 flex flex-wrap gap-3">
        {followUp.links.map((link, index) => (
          <LinkButton key={link.href} href={link.href} variant={index === 0 ? 'primary' : 'outline'}>
            {link.label}
          </LinkButton>
        ))}
      </div>
    </div>
  );
}
