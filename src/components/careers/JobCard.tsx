import { ArrowRight, Briefcase, Building2, MapPin } from 'lucide-react';
import { LinkButton } from '@/components/ui/link-button';
import { typeRepeatsLocation, type JobCardData } from '@/lib/positions/filters';

/** One open position on the job board (spec: title, department, location, type, two-line description, Apply Now). */
export function JobCard({ position, sourceQuery = '' }: { position: JobCardData; sourceQuery?: string }) {
  return (
    <article className="flex h-full flex-col rounded-xl border border-border bg-card p-6 shadow-card transition-shadow hover:shadow-popover">
      <h3 className="text-lg leading-snug font-semibold tracking-tight">{position.title}</h3>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1.5 text-sm text-muted-foreground" aria-label="Position details">
        <li className="inline-flex items-center gap-1.5">
          <Building2 aria-hidden="true" className="size-4 shrink-0" />
          <span className="sr-only">Department: </span>
          {position.departmentName}
        </li>
        <li className="inline-flex items-center gap-1.5">
          <MapPin aria-hidden="true" className="size-4 shrink-0" />
          <span className="sr-only">Location: </span>
          {position.location}
        </li>
        {!typeRepeatsLocation(position) && (
          <li className="inline-flex items-center gap-1.5">
            <Briefcase aria-hidden="true" className="size-4 shrink-0" />
            <span className="sr-only">Type: </span>
            {position.type}
          </li>
        )}
      </ul>
      <p className="mt-4 line-clamp-2 text-sm leading-relaxed text-muted-foreground">{position.description}</p>
      <div className="mt-auto pt-6">
        {/* The visible words start the name (WCAG 2.5.3); the title tells the ten links apart. */}
        <LinkButton href={`/careers/apply/${position.id}${sourceQuery}`} size="sm" aria-label={`Apply Now: ${position.title}`}>
          Apply Now
          <ArrowRight aria-hidden="true" />
        </LinkButton>
      </div>
    </article>
  );
}
