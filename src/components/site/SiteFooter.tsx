import { legalLinks, navGroups } from '@/lib/navigation';
import { officeLabel, siteConfig } from '@/lib/site-config';
import { Logo } from './Logo';
import { SocialIcon } from './SocialIcon';
import { currentYearScript } from '@/lib/footer-year';

/**
 * Prerendered pages would otherwise show the year they were built in; this one-line script puts
 * the visitor's current year in place as soon as the footer is parsed.
 */

export function SiteFooter({ buildYear = new Date().getFullYear() }: { buildYear?: number }) {
  return (
    <footer className="bg-navy text-navy-foreground">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-14 sm:grid-cols-4 sm:px-6 lg:grid-cols-[1.3fr_repeat(4,1fr)] lg:px-8">
        <div className="col-span-2 max-w-sm sm:col-span-4 lg:col-span-1">
          <Logo inverse />
          <p className="mt-4 text-sm leading-relaxed text-[#c3cee3]">{siteConfig.tagline}</p>
          <ul className="mt-6 flex gap-2" aria-label="Social media">
            {siteConfig.social.map((link) => (
              <li key={link.network}>
                <a
                  href={link.href}
                  rel="me"
                  aria-label={link.label}
                  className="inline-flex size-10 items-center justify-center rounded-md text-[#c3cee3] transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
                >
                  <SocialIcon network={link.network} className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        {navGroups.map((group) => (
          <nav key={group.id} aria-labelledby={`footer-${group.id}`}>
            <h2 id={`footer-${group.id}`} className="text-sm font-semibold text-white">
              {group.label}
            </h2>
            <ul className="mt-4 space-y-2.5">
              {group.links.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    className="rounded text-sm text-[#c3cee3] transition-colors hover:text-white hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-[#c3cee3] sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            © <span data-current-year>{buildYear}</span> {siteConfig.legalName}. All rights reserved.
          </p>
          <nav aria-label="Legal" className="flex flex-wrap items-center gap-x-4 gap-y-1">
            {legalLinks.map((link) => (
              <a
                key={link.href}
                href={link.href}
                className="rounded text-[#c3cee3] underline-offset-4 hover:text-white hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                {link.label}
              </a>
            ))}
            <span>{siteConfig.offices.map(officeLabel).join(' · ')}</span>
          </nav>
        </div>
      </div>
      <script dangerouslySetInnerHTML={{ __html: currentYearScript }} />
    </footer>
  );
}
