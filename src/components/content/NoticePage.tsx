import type { NoticeSection } from '@/content/privacy';
import type { SiteCookie } from '@/lib/privacy/notice';
import { CookieTable } from './CookieTable';
import { PageHero } from './PageHero';

/** A page of plain policy text (privacy notice, accessibility statement): a hero, then titled sections. */
export function NoticePage({
  eyebrow,
  title,
  lead,
  sections,
  footnote,
  cookies,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  sections: readonly NoticeSection[];
  footnote: string;
  /** Listed in the section with the id "cookies". */
  cookies?: readonly SiteCookie[];
}) {
  return (
    <>
      <PageHero eyebrow={eyebrow} title={title} lead={lead} />
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:py-16">
        <nav aria-label="On this page" className="mb-10 rounded-xl border border-border bg-surface p-5">
          <ul className="flex flex-col gap-1.5 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-primary underline-offset-4 hover:underline">
                  {section.heading}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-col gap-10">
          {sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-24">
              <h2 id={`${section.id}-heading`} className="text-2xl font-bold tracking-tight">
                {section.heading}
              </h2>
              {section.paragraphs?.map((paragraph) => (
                <p key={paragraph.slice(0, 40)} className="mt-4 leading-relaxed text-muted-foreground">
                  {paragraph}
                </p>
              ))}
              {section.items && (
                <dl className="mt-4 flex flex-col gap-4">
                  {section.items.map((item) => (
                    <div key={item.term}>
                      <dt className="font-semibold">{item.term}</dt>
                      <dd className="mt-1 leading-relaxed text-muted-foreground">{item.text}</dd>
                    </div>
                  ))}
                </dl>
              )}
              {section.id === 'cookies' && cookies && <CookieTable cookies={cookies} />}
            </section>
          ))}
        </div>
        <p className="mt-12 border-t border-border pt-6 text-sm text-muted-foreground">{footnote}</p>
      </div>
    </>
  );
}
