import type { ProcessStep } from '@/content/types';

/** Numbered steps; the number is derived from the order. */
export function ProcessSteps({ items }: { items: readonly ProcessStep[] }) {
  return (
    <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {items.map((step, index) => (
        <li key={step.title} className="relative rounded-xl border border-border bg-card p-6">
          <span
            aria-hidden="true"
            className="inline-flex size-10 items-center justify-center rounded-full bg-primary text-base font-bold text-primary-foreground"
          >
            {index + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold">
            <span className="sr-only">Step {index + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{step.description}</p>
        </li>
      ))}
    </ol>
  );
}
