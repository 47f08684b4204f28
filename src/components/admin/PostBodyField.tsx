import { actions } from 'astro:actions';
import { Bold, Heading2, ImagePlus, Italic, Link2, List, ListOrdered, Quote } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FieldError } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { MediaPicker } from '@/components/admin/MediaPicker';

interface PostBodyFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

type Edit = { text: string; selectionStart: number; selectionEnd: number };

/** Wraps the selection (or a placeholder word) in `before` and `after`. */
function wrap(text: string, start: number, end: number, before: string, after: string, placeholder: string): Edit {
  const selected = text.slice(start, end) || placeholder;
  return {
    text: text.slice(0, start) + before + selected + after + text.slice(end),
    selectionStart: start + before.length,
    selectionEnd: start + before.length + selected.length,
  };
}

/** Puts `prefix` at the start of every line the selection touches ("## ", "- ", "1. ", "> "). */
function prefixLines(text: string, start: number, end: number, prefix: (index: number) => string): Edit {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = text.indexOf('\n', end) === -1 ? text.length : text.indexOf('\n', end);
  const lines = text.slice(lineStart, lineEnd).split('\n');
  const changed = lines.map((line, index) => prefix(index) + line.replace(/^(#{1,6} |[-*] |\d+\. |> )/, '')).join('\n');
  return {
    text: text.slice(0, lineStart) + changed + text.slice(lineEnd),
    selectionStart: lineStart,
    selectionEnd: lineStart + changed.length,
  };
}

/** The toolbar's buttons: each an edit of the text around the selection. */
const tools: { label: string; icon: ReactNode; edit: (text: string, start: number, end: number) => Edit; keys?: string }[] = [
  { label: 'Bold', icon: <Bold />, keys: 'Ctrl+B', edit: (t, s, e) => wrap(t, s, e, '**', '**', 'bold text') },
  { label: 'Italic', icon: <Italic />, keys: 'Ctrl+I', edit: (t, s, e) => wrap(t, s, e, '_', '_', 'italic text') },
  { label: 'Heading', icon: <Heading2 />, edit: (t, s, e) => prefixLines(t, s, e, () => '## ') },
  { label: 'Bulleted list', icon: <List />, edit: (t, s, e) => prefixLines(t, s, e, () => '- ') },
  { label: 'Numbered list', icon: <ListOrdered />, edit: (t, s, e) => prefixLines(t, s, e, (i) => `${i + 1}. `) },
  { label: 'Quote', icon: <Quote />, edit: (t, s, e) => prefixLines(t, s, e, () => '> ') },
  { label: 'Link', icon: <Link2 />, keys: 'Ctrl+K', edit: (t, s, e) => wrap(t, s, e, '[', '](https://)', 'link text') },
];

/**
 * The body: Markdown with a formatting toolbar (and Ctrl+B, Ctrl+I), beside a live preview that
 * the server renders and sanitises exactly as it will be published (src/server/posts/render.ts).
 */
export function PostBodyField({ id, value, onChange, error }: PostBodyFieldProps) {
  const area = useRef<HTMLTextAreaElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);
  const [tab, setTab] = useState<'write' | 'preview'>('write');

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      actions.admin
        .previewPostBody({ body: value })
        .then(({ data, error: failure }) => {
          if (!current) return;
          setPreviewFailed(Boolean(failure));
          if (data) setPreview(data.html);
        })
        .catch(() => current && setPreviewFailed(true));
    }, 400);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [value]);

  const apply = (edit: (text: string, start: number, end: number) => Edit) => {
    const element = area.current;
    if (!element) return;
    const next = edit(value, element.selectionStart, element.selectionEnd);
    onChange(next.text);
    requestAnimationFrame(() => {
      element.focus();
      element.setSelectionRange(next.selectionStart, next.selectionEnd);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey)) return;
    const tool = tools.find((candidate) => candidate.keys?.endsWith(`+${event.key.toUpperCase()}`));
    if (!tool) return;
    event.preventDefault();
    apply(tool.edit);
  };

  const insertImage = (image: { id: string; alt: string }) =>
    apply((text, start, end) => {
      const markdown = `\n\n![${image.alt.replace(/[[\]]/g, '')}](/media/${image.id})\n\n`;
      return {
        text: text.slice(0, start) + markdown + text.slice(end),
        selectionStart: start + markdown.length,
        selectionEnd: start + markdown.length,
      };
    });

  const describedBy = [`${id}-help`, error ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          Body
        </label>
        <div role="tablist" aria-label="Body view" className="flex gap-1 2xl:hidden">
          {(['write', 'preview'] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={tab === name}
              onClick={() => setTab(name)}
              className={cn(
                'rounded-md px-3 py-1 text-sm font-medium',
                tab === name ? 'bg-primary-soft text-primary' : 'text-muted-foreground',
              )}
            >
              {name === 'write' ? 'Write' : 'Preview'}
            </button>
          ))}
        </div>
      </div>
      <div className="grid gap-4 2xl:grid-cols-2">
        <div className={cn('flex flex-col rounded-md border border-input bg-white', tab === 'preview' && 'max-2xl:hidden')}>
          <div role="toolbar" aria-label="Formatting" aria-controls={id} className="flex flex-wrap gap-1 border-b border-border p-1">
            {tools.map((tool) => (
              <button
                key={tool.label}
                type="button"
                onClick={() => apply(tool.edit)}
                title={tool.keys ? `${tool.label} (${tool.keys})` : tool.label}
                className="inline-flex size-9 items-center justify-center rounded text-foreground hover:bg-muted focus-visible:outline-3 focus-visible:outline-ring [&_svg]:size-4"
              >
                {tool.icon}
                <span className="sr-only">{tool.label}</span>
              </button>
            ))}
            <MediaPicker
              title="Choose an image for the text"
              onPick={insertImage}
              trigger={
                <button
                  type="button"
                  title="Image from the media library"
                  className="inline-flex size-9 items-center justify-center rounded text-foreground hover:bg-muted focus-visible:outline-3 focus-visible:outline-ring [&_svg]:size-4"
                >
                  <ImagePlus />
                  <span className="sr-only">Image</span>
                </button>
              }
            />
          </div>
          <textarea
            ref={area}
            id={id}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={onKeyDown}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            rows={24}
            spellCheck
            className="min-h-[24rem] w-full resize-y rounded-b-md p-3 font-mono text-sm leading-relaxed focus-visible:outline-3 focus-visible:outline-ring"
          />
        </div>
        <section
          aria-label="Preview of the body"
          className={cn(
            'min-h-[24rem] overflow-auto rounded-md border border-border bg-background px-5',
            tab === 'write' && 'max-2xl:hidden',
          )}
        >
          {previewFailed && <p className="py-3 text-sm text-destructive">The preview could not be made; your text is kept.</p>}
          {preview === null ? (
            <p className="py-3 text-sm text-muted-foreground">The preview appears here.</p>
          ) : (
            // Rendered and sanitised by the server, as the post page prints it.
            <div className="post-body py-4 text-base leading-relaxed" dangerouslySetInnerHTML={{ __html: preview }} />
          )}
        </section>
      </div>
      <p id={`${id}-help`} className="text-xs text-muted-foreground">
        Markdown: **bold**, _italic_, ## heading, - list, [link](https://…). Images come from the media library. HTML other than formatting
        (scripts, frames, styles, event handlers) is removed when the post is saved.
      </p>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}
