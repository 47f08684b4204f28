import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { officeLabel, siteConfig } from '@/lib/site-config';

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-border bg-card p-6 shadow-card">
      <div className="flex size-11 items-center justify-center rounded-lg bg-primary-soft text-primary [&_svg]:size-5">{icon}</div>
      <h3 className="mt-4 font-semibold">{title}</h3>
      <div className="mt-1 text-sm text-muted-foreground">{children}</div>
    </div>
  );
}

/** Phone, e-mail, locations and business hours (spec section 2). */
export function ContactInfo() {
  const link = 'text-primary underline-offset-4 hover:underline';
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      <InfoCard icon={<Phone aria-hidden="true" />} title="Phone">
        <a className={link} href={`tel:${siteConfig.phone.tel}`}>
          {siteConfig.phone.display}
        </a>
      </InfoCard>
      <InfoCard icon={<Mail aria-hidden="true" />} title="Email">
        <a className={link} href={`mailto:${siteConfig.email}`}>
          {siteConfig.email}
        </a>
      </InfoCard>
      <InfoCard icon={<MapPin aria-hidden="true" />} title="Locations">
        {siteConfig.offices.map((office) => officeLabel(office)).join(' · ')}
      </InfoCard>
      <InfoCard icon={<Clock aria-hidden="true" />} title="Business Hours">
        {siteConfig.businessHours}
      </InfoCard>
    </div>
  );
}
