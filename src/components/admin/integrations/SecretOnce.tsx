import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { integrationPageTexts as texts } from '@/lib/integrations/texts';

/** A secret shown once (a webhook's signing secret, an API token): kept sealed or hashed, never shown again. Copy it, then go on. */
export function SecretOnce({ secret, heading, onKept }: { secret: string; heading: string; onKept: () => void }) {
  const [copied, setCopied] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // It replaces the form the person was in: their focus moves to it, and a screen reader reads its heading.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby="secret-once-heading" className="flex flex-col gap-3 rounded-xl border border-primary bg-card p-6 shadow-card">
      <h2 id="secret-once-heading" ref={headingRef} tabIndex={-1} className="text-base font-semibold outline-none">
        {heading}
      </h2>
      <code className="rounded bg-surface px-3 py-2 font-mono text-sm break-all select-all">{secret}</code>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() =>
            void navigator.clipboard?.writeText(secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? texts.copied : texts.copy}
        </Button>
        <Button type="button" size="sm" onClick={onKept}>
          {texts.secretKept}
        </Button>
      </div>
    </section>
  );
}
