import { Clock, MapPin, Navigation, Phone } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { officeLabel, siteConfig } from '@/lib/site-config';
import { OfficeMap } from './OfficeMap';

/** A route planner link (a plain link: the map on the page is our own drawing, no map service). */
function directionsUrl(office: (typeof siteConfig.offices)[number]): string {
  const destination = `${office.streetAddress}, ${office.city}, ${office.region} ${office.postalCode}`;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/** Our two offices, one at a time (spec: the panel toggles Austin or Dallas). Keyboard: arrow keys. */
export function OfficesPanel() {
  return (
    <Tabs defaultValue="austin">
      <TabsList aria-label="Offices">
        {siteConfig.offices.map((office) => (
          <TabsTrigger key={office.id} value={office.id}>
            {office.city}
          </TabsTrigger>
        ))}
      </TabsList>
      {siteConfig.offices.map((office) => (
        <TabsContent key={office.id} value={office.id}>
          <div className="grid gap-6 md:grid-cols-[1fr_1.4fr] md:items-center">
            <div>
              <h3 className="text-xl font-semibold">{officeLabel(office)}</h3>
              <p className="mt-1 text-muted-foreground">{office.focus}</p>
              <address className="mt-4 flex flex-col gap-2 not-italic">
                <span className="inline-flex items-start gap-2">
                  <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                  <span>
                    {office.streetAddress}
                    <br />
                    {office.city}, {office.region} {office.postalCode}
                  </span>
                </span>
                <a
                  href={`tel:${office.phone.tel}`}
                  className="inline-flex items-center gap-2 text-primary underline-offset-4 hover:underline"
                >
                  <Phone aria-hidden="true" className="size-4 shrink-0" />
                  {office.phone.display}
                </a>
                <span className="inline-flex items-center gap-2">
                  <Clock aria-hidden="true" className="size-4 shrink-0 text-primary" />
                  {siteConfig.businessHours}
                </span>
              </address>
              <a
                href={directionsUrl(office)}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-4 inline-flex items-center gap-2 font-semibold text-primary underline-offset-4 hover:underline"
              >
                <Navigation aria-hidden="true" className="size-4 shrink-0" />
                Get directions
                <span className="sr-only"> to the {office.city} office (opens Google Maps in a new tab)</span>
              </a>
            </div>
            <OfficeMap city={office.city} variant={office.id} />
          </div>
        </TabsContent>
      ))}
    </Tabs>
  );
}
