import { ArrowDown, Check, LifeBuoy } from 'lucide-react';
import { ContentIcon } from '@/components/content/ContentIcon';
import { LinkButton } from '@/components/ui/link-button';
import type { DocsTopic } from '@/content/types';
import { topicSearchText } from '@/lib/docs-search';
import { CardLink } from '@/components/content/CardLink';

/** The four topic cards (links to in-page anchors) and each topic's content. `visible` holds matching ids. */
export function DocsTopics({ topics, visible }: { topics: readonly DocsTopic[]; visible: ReadonlySet<string> }) {
  return (
    <>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <h2 className="sr-only">Topics</h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {topics.map((topic) => (
            <li
              key={topic.id}
              data-docs-card={topic.id}
              data-search={topicSearchText(topic)}
              hidden={!visible.has(topic.id)}
              className="group relative flex flex-col rounded-xl border border-border bg-card p-6 shadow-card hover:shadow-popover"
            >
              <span className="inline-flex size-12 items-center justify-center rounded-lg bg-primary-soft text-primary">
                <ContentIcon name={topic.icon} className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">
                <CardLink href={`#${topic.id}`}>{topic.title}</CardLink>
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{topic.summary}</p>
              <span aria-hidden="true" className="mt-auto inline-flex items-center gap-1 pt-4 text-sm font-semibold text-primary">
                Read the guide
                <ArrowDown className="size-4" />
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className="mx-auto max-w-4xl px-4 pb-8 sm:px-6 lg:px-8">
        {topics.map((topic) => (
          <article
            key={topic.id}
            id={topic.id}
            hidden={!visible.has(topic.id)}
            aria-labelledby={`${topic.id}-title`}
            className="scroll-mt-24 border-t border-border py-12"
          >
            <h2 id={`${topic.id}-title`} className="flex items-center gap-3 text-3xl font-bold tracking-tight">
              <ContentIcon name={topic.icon} className="size-7 text-primary" />
              {topic.title}
            </h2>
            <p className="mt-3 text-lg text-muted-foreground">{topic.summary}</p>
            {topic.sections.map((section) => (
              <section key={section.heading} className="mt-8">
                <h3 className="text-xl font-semibold">{section.heading}</h3>
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph.slice(0, 40)} className="mt-3 leading-relaxed text-muted-foreground">
                    {paragraph}
                  </p>
                ))}
                {section.bullets && (
                  <ul className="mt-4 space-y-2">
                    {section.bullets.map((bullet) => (
                      <li key={bullet} className="flex gap-2">
                        <Check aria-hidden="true" className="mt-1 size-4 shrink-0 text-accent" />
                        <span>{bullet}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            ))}
          </article>
        ))}
      </div>
      <section className="mx-auto max-w-4xl px-4 pb-16 sm:px-6 lg:px-8" aria-labelledby="docs-support">
        <div className="flex flex-col items-start gap-4 rounded-2xl bg-surface p-8 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="docs-support" className="text-xl font-semibold">
              Can't find what you need?
            </h2>
            <p className="mt-1 text-muted-foreground">Our engineers answer questions about any of these practices.</p>
          </div>
          <LinkButton href="/contact" size="lg">
            <LifeBuoy aria-hidden="true" />
            Contact Support
          </LinkButton>
        </div>
      </section>
    </>
  );
}
