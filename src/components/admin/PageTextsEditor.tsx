import { actions } from 'astro:actions';
import { ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/label';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { showToast } from '@/components/ui/toast';
import { PreviewLinkBox } from '@/components/admin/PreviewLinkBox';
import { RevisionsPanel } from '@/components/admin/RevisionsPanel';
import type { FieldChange, RevisionRow } from '@/lib/posts/editor';
import { runAdminAction } from './run-admin-action';

export interface PageTextField {
  path: string;
  label: string;
  multiline: boolean;
  defaultValue: string;
  value: string;
  published: string;
}

export interface PageTextsEditorProps {
  page: string;
  path: string;
  /** The page's name ("About Us"): the toasts say which page. */
  label: string;
  version: number;
  fields: PageTextField[];
  revisions: RevisionRow[];
}

/** The section a text belongs to: the first part of its label ("Hero", "Services", "Description"). */
const sectionOf = (label: string) => label.split(' › ')[0] ?? label;

/**
 * A content page's texts (issue 34): every text of the page by section, each with its default
 * and what is published; saved as a draft, previewed through the real page, published for every
 * instance; revisions compared and restored. The layout stays in code.
 */
export function PageTextsEditor({ page, path, label, version: initialVersion, fields, revisions: initialRevisions }: PageTextsEditorProps) {
  const id = useId();
  const [values, setValues] = useState(() => Object.fromEntries(fields.map((field) => [field.path, field.value])));
  const [saved, setSaved] = useState(values);
  const [published, setPublished] = useState(() => Object.fromEntries(fields.map((field) => [field.path, field.published])));
  const [version, setVersion] = useState(initialVersion);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<{ version: number; texts: Record<string, string>; savedBy: string | null } | null>(null);
  const [revisions, setRevisions] = useState(initialRevisions);
  const [preview, setPreview] = useState<{ url: string; expiresAt: string } | null>(null);

  const dirty = fields.some((field) => values[field.path] !== saved[field.path]);
  const unpublished = fields.some((field) => saved[field.path] !== published[field.path]);

  /** Saves; resolves to the saved version, or null. */
  const save = async (from = version): Promise<number | null> => {
    setBusy(true);
    let result: number | null = null;
    await runAdminAction(async () => {
      const response = await actions.admin.savePageTexts({ page, version: from, texts: values });
      const data = response.data;
      if (data?.ok) {
        setSaved(values);
        setVersion(data.version);
        setRevisions(data.revisions);
        setErrors({});
        setConflict(null);
        result = data.version;
      } else if (data && 'conflict' in data) setConflict(data.conflict);
      else if (data && 'fieldErrors' in data) setErrors(data.fieldErrors);
      return response;
    });
    setBusy(false);
    return result;
  };

  const publish = async () => {
    const at = dirty ? await save() : version;
    if (at === null) return;
    setBusy(true);
    await runAdminAction(
      async () => {
        const response = await actions.admin.publishPageTexts({ page, version: at });
        if (response.data) {
          setPublished(values);
          setRevisions(response.data.revisions);
        }
        return response;
      },
      { kind: 'success', title: `Texts published: ${label}`, description: `${path} shows them now.` },
    );
    setBusy(false);
  };

  const restore = async (revision: RevisionRow) => {
    setBusy(true);
    await runAdminAction(async () => {
      const response = await actions.admin.restorePageRevision({ page, revisionId: revision.id });
      if (response.data) {
        // The restored texts, read back as the page now has them.
        window.location.reload();
      }
      return response;
    });
    setBusy(false);
  };

  const previewLink = async () => {
    if (dirty && (await save()) === null) return;
    await runAdminAction(async () => {
      const response = await actions.admin.pagePreviewLink({ page });
      if (response.data) setPreview(response.data);
      return response;
    });
  };

  const sections = [...new Set(fields.map((field) => sectionOf(field.label)))];
  const status = busy ? 'Working…' : dirty ? 'Unsaved changes' : unpublished ? 'Draft saved, not published' : 'Published texts';

  return (
    <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_20rem]">
      <form
        aria-label="Page texts"
        className="flex min-w-0 flex-col gap-6"
        onSubmit={(event) => {
          event.preventDefault();
          void save().then((saved) => saved !== null && showToast({ kind: 'success', title: 'Draft saved' }));
        }}
      >
        <div className="sticky top-0 z-10 -mx-4 flex flex-wrap items-center justify-between gap-3 border-b border-border bg-background/95 px-4 py-3 backdrop-blur">
          <p role="status" className="text-sm text-muted-foreground">
            {status}
          </p>
          <Button type="submit" variant="outline" size="sm" disabled={busy || !dirty}>
            Save draft
          </Button>
        </div>
        {conflict && (
          <section role="alert" className="flex flex-col gap-3 rounded-xl border border-amber-400 bg-amber-50 p-5 text-amber-950">
            <h2 className="text-lg font-semibold">These texts were changed by {conflict.savedBy ?? 'someone else'}</h2>
            <p className="text-sm">
              Their version differs in:{' '}
              {fields
                .filter((field) => conflict.texts[field.path] !== values[field.path])
                .map((field) => field.label)
                .join('; ') || 'nothing'}
              .
            </p>
            <div className="flex flex-wrap gap-2">
              <Button type="button" onClick={() => void save(conflict.version)}>
                Keep my version
              </Button>
              <Button
                type="button"
                variant="outline"
                onClick={() => {
                  setValues(conflict.texts);
                  setSaved(conflict.texts);
                  setVersion(conflict.version);
                  setConflict(null);
                }}
              >
                Take their version
              </Button>
            </div>
          </section>
        )}
        {sections.map((section) => (
          <fieldset key={section} className="flex flex-col gap-5 rounded-xl border border-border bg-card p-5 shadow-card">
            <legend className="px-1 text-base font-semibold">{section}</legend>
            {fields
              .filter((field) => sectionOf(field.label) === section)
              .map((field) => {
                const inputId = `${id}-${field.path}`;
                const changed = values[field.path] !== field.defaultValue;
                const error = errors[field.path];
                const describedBy =
                  [changed ? `${inputId}-default` : null, error ? `${inputId}-error` : null].filter(Boolean).join(' ') || undefined;
                const common = {
                  id: inputId,
                  value: values[field.path] ?? '',
                  'aria-invalid': error ? true : undefined,
                  'aria-describedby': describedBy,
                  onChange: (event: { target: { value: string } }) =>
                    setValues((current) => ({ ...current, [field.path]: event.target.value })),
                };
                return (
                  <div key={field.path} className="flex flex-col gap-1.5">
                    <label htmlFor={inputId} className="text-sm font-medium">
                      {field.label}
                    </label>
                    {field.multiline ? <Textarea {...common} rows={3} /> : <Input {...common} />}
                    {changed && (
                      <p id={`${inputId}-default`} className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                        <span>Default: “{field.defaultValue}”</span>
                        <Button
                          type="button"
                          variant="link"
                          size="sm"
                          className="h-auto p-0 text-xs"
                          onClick={() => setValues((current) => ({ ...current, [field.path]: field.defaultValue }))}
                        >
                          Reset to the default<span className="sr-only">: {field.label}</span>
                        </Button>
                      </p>
                    )}
                    {error && <FieldError id={`${inputId}-error`}>{error}</FieldError>}
                  </div>
                );
              })}
          </fieldset>
        ))}
      </form>

      <aside className="flex flex-col gap-6" aria-label="Publishing and revisions">
        <section
          aria-labelledby={`${id}-publishing`}
          className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5 shadow-card"
        >
          <h2 id={`${id}-publishing`} className="text-base font-semibold">
            Publishing
          </h2>
          <p className="text-sm text-muted-foreground">
            Saved drafts stay here until you publish them; then {path} shows them on every server at once.
          </p>
          <Button type="button" disabled={busy || (!dirty && !unpublished)} onClick={() => void publish()}>
            Publish texts
          </Button>
          <Button type="button" variant="outline" disabled={busy} onClick={() => void previewLink()}>
            Get preview link
          </Button>
          {preview && <PreviewLinkBox {...preview} />}
          <a
            href={path}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary underline"
          >
            View the page <ExternalLink aria-hidden="true" className="size-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </section>
        <RevisionsPanel
          revisions={revisions}
          busy={busy}
          restoreDescription="The draft becomes this revision's texts; the page changes when you publish."
          compare={async (revision) => {
            let changes: FieldChange[] | null = null;
            await runAdminAction(async () => {
              const response = await actions.admin.comparePageRevision({ page, revisionId: revision.id });
              if (response.data) changes = response.data.changes;
              return response;
            });
            return changes;
          }}
          restore={restore}
        />
      </aside>
    </div>
  );
}
