import { ArrowLeft, Briefcase, Building2, CalendarClock, CircleDollarSign, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { typeRepeatsLocation } from '@/lib/positions/filters';
import { LinkButton } from '@/components/ui/link-button';

export interface PositionView {
  title: string;
  description: string;
  departmentName: string;
  location: string;
  type: string;
  requirements: readonly string[];
  responsibilities: readonly string[];
  postedOn: string;
  closesOn: string | null;
  salary: string | null;
}

export function BackToCareers({ tone = 'plain' }: { tone?: 'plain' | 'inverse' }) {
  return (
    <LinkButton href="/careers" variant={tone === 'inverse' ? 'inverse-outline' : 'outline'} size="sm">
      <ArrowLeft aria-hidden="true" />
      Back to Careers
    </LinkButton>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-2">
      {icon}
      <dt className="sr-only">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function List({ heading, items }: { heading: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <section>
      <h2 className="text-xl font-bold tracking-tight">{heading}</h2>
      <ul className="mt-4 flex flex-col gap-2.5">
        {items.map((item) => (
          <li key={item} className="flex gap-3 leading-relaxed">
            <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-primary" />
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The position's header (title and facts) on the dark band, then its description and lists. */
export function PositionHeader({ position }: { position: PositionView }) {
  const icon = 'size-4 shrink-0 text-[#c3cee3]';
  return (
    <section className="bg-navy text-white">
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8 lg:py-14">
        <BackToCareers tone="inverse" />
        <h1 className="mt-8 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{position.title}</h1>
        <dl className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-[#dbe3f1]">
          <Fact icon={<Building2 aria-hidden="true" className={icon} />} label="Department">
            {position.departmentName}
          </Fact>
          <Fact icon={<MapPin aria-hidden="true" className={icon} />} label="Location">
            {position.location}
          </Fact>
          {!typeRepeatsLocation(position) && (
            <Fact icon={<Briefcase aria-hidden="true" className={icon} />} label="Type">
              {position.type}
            </Fact>
          )}
          {position.salary && (
            <Fact icon={<CircleDollarSign aria-hidden="true" className={icon} />} label="Salary">
              {position.salary}
            </Fact>
          )}
          <Fact icon={<CalendarClock aria-hidden="true" className={icon} />} label="Dates">
            Posted {position.postedOn}
            {position.closesOn && ` · Applications close ${position.closesOn}`}
          </Fact>
        </dl>
      </div>
    </section>
  );
}

export function PositionBody({ position }: { position: PositionView }) {
  return (
    <div className="flex flex-col gap-10">
      <section>
        <h2 className="text-xl font-bold tracking-tight">About the role</h2>
        <p className="mt-4 leading-relaxed text-muted-foreground">{position.description}</p>
      </section>
      <List heading="Requirements" items={position.requirements} />
      <List heading="Responsibilities" items={position.responsibilities} />
    </div>
  );
}

export function PositionNotFound() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Position Not Found</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        This position is no longer open, or the link is not quite right. Have a look at the roles we are hiring for now.
      </p>
      <div className="mt-8">
        <LinkButton href="/careers">
          <ArrowLeft aria-hidden="true" />
          Back to Careers
        </LinkButton>
      </div>
    </section>
  );
}
