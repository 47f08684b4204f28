import { actions } from 'astro:actions';
import { ExternalLink, ImageIcon } from 'lucide-react';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/label';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { showToast } from '@/components/ui/toast';
import { MediaPicker } from '@/components/admin/MediaPicker';
import { PostBodyField } from '@/components/admin/PostBodyField';
import { PostConflict } from '@/components/admin/PostConflict';
import { PostPublishPanel, type PublishState } from '@/components/admin/PostPublishPanel';
import { PostRevisions } from '@/components/admin/PostRevisions';
import type { PostContent } from '@/lib/posts/content';
import { fieldLabels, type RevisionRow } from '@/lib/posts/editor';
import { estimateReadMinutes, postContentSchema, postLimits, slugify } from '@/lib/posts/schema';
import { errorToast } from '@/lib/forms';

export interface PostEditorProps {
  post: {
    id: number;
    version: number;
    content: PostContent;
    publish: PublishState;
    revisions: RevisionRow[];
  };
  authors: { id: string; name: string }[];
  /** The chosen cover's and social image's thumbnails. */
  images: { id: string; alt: string; src: string }[];
}

type Errors = Partial<Record<keyof PostContent | 'publishAt' | 'unpublishAt', string>>;
type SaveState =
  | { kind: 'saved'; at: string | null }
  | { kind: 'saving' }
  | { kind: 'dirty' }
  | { kind: 'failed'; message: string }
  | { kind: 'conflict' };

const AUTOSAVE_MS = 2500;

/** The content in one spelling (the database gives a JSON object's keys in its own order). */
const canonical = (content: PostContent) => JSON.stringify((Object.keys(fieldLabels) as (keyof PostContent)[]).map((key) => content[key]));

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: ReactNode; error?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

const described = (id: string, hint: boolean, error?: string) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

/**
 * A blog post's editor (issue 34): every field of the post, the body with a toolbar and a live
 * preview, autosaved as it is typed (a save from a stale copy is refused and both versions are
 * shown), publishing now or at a time, a preview link, and the revisions to compare and restore.
 */
export function PostEditor({ post, authors, images: initialImages }: PostEditorProps) {
  const id = useId();
  const [content, setContent] = useState<PostContent>(post.content);
  const [version, setVersion] = useState(post.version);
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'saved', at: null });
  const [errors, setErrors] = useState<Errors>({});
  const [conflict, setConflict] = useState<{ version: number; content: PostContent; savedAt: string; savedBy: string | null } | null>(null);
  const [revisions, setRevisions] = useState(post.revisions);
  const [publish, setPublish] = useState(post.publish);
  const [images, setImages] = useState(initialImages);
  const [tagsText, setTagsText] = useState(post.content.tags.join(', '));
  // What the server has: state for rendering, a ref for the saves and publications under way.
  const [savedKey, setSavedKey] = useState(() => canonical(post.content));
  const saved = useRef(savedKey);
  const saving = useRef<Promise<boolean> | null>(null);
  const latest = useRef({ content, version });
  useLayoutEffect(() => {
    latest.current = { content, version };
  });
  const markSaved = (key: string) => {
    saved.current = key;
    setSavedKey(key);
  };

  const dirty = canonical(content) !== savedKey;

  const update = <K extends keyof PostContent>(field: K, value: PostContent[K]) => {
    setContent((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** Saves the current content; resolves to whether it is saved. */
  const save = useCallback(
    async (autosave: boolean): Promise<boolean> => {
      if (saving.current) await saving.current;
      const { content: current, version: from } = latest.current;
      const checked = postContentSchema.safeParse(current);
      if (!checked.success) {
        const fieldErrors: Errors = {};
        for (const issue of checked.error.issues) {
          const field = issue.path[0] as keyof PostContent;
          fieldErrors[field] ??= issue.message;
        }
        setErrors(fieldErrors);
        setSaveState({ kind: 'failed', message: 'Not saved: correct the fields marked below.' });
        return false;
      }
      setSaveState({ kind: 'saving' });
      const run = (async () => {
        try {
          const { data, error } = await actions.admin.savePost({ postId: post.id, version: from, content: checked.data, autosave });
          if (error) {
            setSaveState({ kind: 'failed', message: `Not saved: ${error.message}` });
            return false;
          }
          if (!data.ok && 'conflict' in data) {
            setConflict(data.conflict);
            setSaveState({ kind: 'conflict' });
            return false;
          }
          if (!data.ok) {
            setErrors(data.fieldErrors);
            setSaveState({ kind: 'failed', message: 'Not saved: correct the fields marked below.' });
            return false;
          }
          markSaved(canonical(current));
          setVersion(data.version);
          // Read by a publication waiting for this save, before the next render.
          latest.current = { ...latest.current, version: data.version };
          setSaveState({ kind: 'saved', at: data.savedAt });
          setRevisions(data.revisions);
          return true;
        } catch {
          setSaveState({
            kind: 'failed',
            message: 'Not saved: the server could not be reached. Your text is kept here; it is saved when the server answers.',
          });
          return false;
        }
      })();
      saving.current = run;
      const ok = await run;
      saving.current = null;
      return ok;
    },
    [post.id],
  );

  // Autosave: a moment after typing stops, unless two versions wait for a choice.
  useEffect(() => {
    if (!dirty || conflict) return;
    const timer = setTimeout(() => void save(true), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [content, dirty, conflict, save]);

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const keepMine = async () => {
    if (!conflict) return;
    latest.current = { content, version: conflict.version };
    setVersion(conflict.version);
    setConflict(null);
    await save(false);
  };

  const takeTheirs = () => {
    if (!conflict) return;
    markSaved(canonical(conflict.content));
    setContent(conflict.content);
    setTagsText(conflict.content.tags.join(', '));
    setVersion(conflict.version);
    latest.current = { content: conflict.content, version: conflict.version };
    setConflict(null);
    setSaveState({ kind: 'saved', at: conflict.savedAt });
  };

  const restored = (next: { version: number; content: PostContent; revisions: RevisionRow[] }) => {
    markSaved(canonical(next.content));
    setContent(next.content);
    setTagsText(next.content.tags.join(', '));
    setVersion(next.version);
    latest.current = { content: next.content, version: next.version };
    setRevisions(next.revisions);
    setSaveState({ kind: 'saved', at: new Date().toISOString() });
  };

  const pickImage = (field: 'coverMediaId' | 'socialMediaId') => (image: { id: string; alt: string; src?: string }) => {
    setImages((current) => [
      ...current.filter((item) => item.id !== image.id),
      { id: image.id, alt: image.alt, src: image.src ?? `/media/${image.id}` },
    ]);
    setContent((current) => ({
      ...current,
      [field]: image.id,
      ...(field === 'coverMediaId' && !current.coverAlt ? { coverAlt: image.alt } : {}),
    }));
    setErrors((current) => ({ ...current, [field]: undefined, coverAlt: undefined }));
  };

  const imageOf = (mediaId: string | null) => (mediaId ? images.find((image) => image.id === mediaId) : undefined);
  const cover = imageOf(content.coverMediaId);
  const social = imageOf(content.socialMediaId);
  const f = (name: string) => `${id}-${name}`;

  // Changes typed since the last save, unless a save or its refusal is what to say.
  const shown: SaveState = saveState.kind === 'saved' && dirty ? { kind: 'dirty' } : saveState;
  const status =
    shown.kind === 'saving'
      ? 'Saving…'
      : shown.kind === 'dirty'
        ? 'Unsaved changes'
        : shown.kind === 'saved'
          ? shown.at
            ? `Saved at ${timeOf(shown.at)}`
            : 'No unsaved changes'
          : shown.kind === 'conflict'
            ? 'Not saved: someone else changed this post'
            : shown.message;

  return (
    <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_20rem]">
      <form
        aria-label="Post"
        className="flex min-w-0 flex-col gap-6"
        onSubmit={(event) => {
          event.preventDefault();
          void save(false).then((ok) => ok && showToast({ kind: 'success', title: 'Draft saved' }));
        }}
      >
        <div className="sticky top-0 z-10 -mx-4 flex flex-wrap items-center justify-between gap-3 border-b border-border bg-background/95 px-4 py-3 backdrop-blur">
          <p
            role="status"
            className={
              saveState.kind === 'failed' || saveState.kind === 'conflict'
                ? 'text-sm font-medium text-destructive'
                : 'text-sm text-muted-foreground'
            }
          >
            {status}
          </p>
          <Button type="submit" variant="outline" size="sm" disabled={saveState.kind === 'saving'}>
            Save draft
          </Button>
        </div>

        {conflict && <PostConflict mine={content} theirs={conflict} onKeepMine={() => void keepMine()} onTakeTheirs={takeTheirs} />}

        <Field id={f('title')} label="Title" error={errors.title}>
          <Input
            id={f('title')}
            value={content.title}
            maxLength={postLimits.title}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={described(f('title'), false, errors.title)}
            onChange={(event) => update('title', event.target.value)}
            className="text-lg font-semibold"
          />
        </Field>

        <div className="grid gap-6 md:grid-cols-2">
          <Field
            id={f('slug')}
            label="Address"
            error={errors.slug}
            hint={<>The post is at /blog/{content.slug || post.id}. Its earlier addresses keep working (they redirect here).</>}
          >
            <div className="flex gap-2">
              <Input
                id={f('slug')}
                value={content.slug}
                maxLength={postLimits.slug}
                aria-invalid={errors.slug ? true : undefined}
                aria-describedby={described(f('slug'), true, errors.slug)}
                onChange={(event) => update('slug', event.target.value)}
                placeholder={String(post.id)}
              />
              <Button type="button" variant="outline" size="sm" className="h-11" onClick={() => update('slug', slugify(content.title))}>
                From title
              </Button>
            </div>
          </Field>
          <Field id={f('category')} label="Category" error={errors.category}>
            <Input
              id={f('category')}
              value={content.category}
              maxLength={postLimits.category}
              aria-invalid={errors.category ? true : undefined}
              aria-describedby={described(f('category'), false, errors.category)}
              onChange={(event) => update('category', event.target.value)}
            />
          </Field>
        </div>

        <Field
          id={f('excerpt')}
          label="Excerpt"
          error={errors.excerpt}
          hint="One or two sentences, shown in the blog list, the feed and search results."
        >
          <Textarea
            id={f('excerpt')}
            value={content.excerpt}
            rows={3}
            maxLength={postLimits.excerpt}
            aria-invalid={errors.excerpt ? true : undefined}
            aria-describedby={described(f('excerpt'), true, errors.excerpt)}
            onChange={(event) => update('excerpt', event.target.value)}
          />
        </Field>

        <PostBodyField id={f('body')} value={content.body} onChange={(body) => update('body', body)} error={errors.body} />

        <fieldset className="grid gap-6 rounded-xl border border-border p-5 md:grid-cols-2">
          <legend className="px-1 text-sm font-semibold">Cover image</legend>
          <div className="flex flex-col gap-3">
            {cover ? (
              <img src={cover.src} alt="" className="aspect-[3/2] w-full rounded-lg border border-border object-cover" />
            ) : (
              <div className="flex aspect-[3/2] w-full items-center justify-center rounded-lg border border-dashed border-border text-muted-foreground">
                <ImageIcon aria-hidden="true" className="size-8" />
                <span className="sr-only">No cover image</span>
              </div>
            )}
            <div className="flex flex-wrap gap-2">
              <MediaPicker
                title="Choose a cover image"
                onPick={pickImage('coverMediaId')}
                trigger={
                  <Button type="button" variant="outline" size="sm">
                    {cover ? 'Change cover image' : 'Choose cover image'}
                  </Button>
                }
              />
              {cover && (
                <Button type="button" variant="ghost" size="sm" onClick={() => update('coverMediaId', null)}>
                  Remove cover
                </Button>
              )}
            </div>
            {errors.coverMediaId && <FieldError>{errors.coverMediaId}</FieldError>}
          </div>
          <Field
            id={f('coverAlt')}
            label="Cover image alt text"
            error={errors.coverAlt}
            hint="Describe the image for people who cannot see it. Required with a cover."
          >
            <Textarea
              id={f('coverAlt')}
              value={content.coverAlt}
              rows={3}
              maxLength={postLimits.alt}
              aria-invalid={errors.coverAlt ? true : undefined}
              aria-describedby={described(f('coverAlt'), true, errors.coverAlt)}
              onChange={(event) => update('coverAlt', event.target.value)}
            />
          </Field>
        </fieldset>

        <div className="grid gap-6 md:grid-cols-3">
          <Field id={f('author')} label="Author account" hint="A staff account; its name is shown unless you change it.">
            <select
              id={f('author')}
              value={content.authorId ?? ''}
              aria-describedby={`${f('author')}-hint`}
              onChange={(event) => {
                const author = authors.find((candidate) => candidate.id === event.target.value);
                setContent((current) => ({ ...current, authorId: author?.id ?? null, authorName: author?.name ?? current.authorName }));
              }}
              className="h-11 rounded-md border border-input bg-white px-3 text-base"
            >
              <option value="">No account (a guest author)</option>
              {authors.map((author) => (
                <option key={author.id} value={author.id}>
                  {author.name}
                </option>
              ))}
            </select>
          </Field>
          <Field id={f('authorName')} label="Author name shown" error={errors.authorName}>
            <Input
              id={f('authorName')}
              value={content.authorName}
              maxLength={postLimits.authorName}
              aria-invalid={errors.authorName ? true : undefined}
              aria-describedby={described(f('authorName'), false, errors.authorName)}
              onChange={(event) => update('authorName', event.target.value)}
            />
          </Field>
          <Field
            id={f('read')}
            label="Read time (minutes)"
            error={errors.readMinutes}
            hint={`About ${estimateReadMinutes(content.body)} by its length.`}
          >
            <Input
              id={f('read')}
              type="number"
              min={1}
              max={120}
              value={content.readMinutes}
              aria-invalid={errors.readMinutes ? true : undefined}
              aria-describedby={described(f('read'), true, errors.readMinutes)}
              onChange={(event) => update('readMinutes', Number(event.target.value))}
            />
          </Field>
        </div>

        <Field id={f('tags')} label="Tags" error={errors.tags} hint={`Separated by commas; at most ${postLimits.tags}.`}>
          <Input
            id={f('tags')}
            value={tagsText}
            aria-invalid={errors.tags ? true : undefined}
            aria-describedby={described(f('tags'), true, errors.tags)}
            onChange={(event) => {
              setTagsText(event.target.value);
              update(
                'tags',
                event.target.value
                  .split(',')
                  .map((tag) => tag.trim())
                  .filter(Boolean),
              );
            }}
          />
        </Field>

        <fieldset className="grid gap-6 rounded-xl border border-border p-5 md:grid-cols-2">
          <legend className="px-1 text-sm font-semibold">Search engines and sharing</legend>
          <Field
            id={f('seoTitle')}
            label="SEO title"
            error={errors.seoTitle}
            hint="The title in search results; the post's title when empty."
          >
            <Input
              id={f('seoTitle')}
              value={content.seoTitle}
              maxLength={postLimits.seoTitle}
              aria-describedby={described(f('seoTitle'), true, errors.seoTitle)}
              onChange={(event) => update('seoTitle', event.target.value)}
            />
          </Field>
          <Field
            id={f('seoDescription')}
            label="SEO description"
            error={errors.seoDescription}
            hint="The text under the title in search results; the excerpt when empty."
          >
            <Textarea
              id={f('seoDescription')}
              value={content.seoDescription}
              rows={2}
              maxLength={postLimits.seoDescription}
              aria-describedby={described(f('seoDescription'), true, errors.seoDescription)}
              onChange={(event) => update('seoDescription', event.target.value)}
            />
          </Field>
          <div className="flex flex-col gap-2">
            <p className="text-sm font-medium">Social image</p>
            <p className="text-xs text-muted-foreground">Shown when the post is shared; the cover when none is chosen.</p>
            {social && <img src={social.src} alt="" className="aspect-[1200/630] w-48 rounded border border-border object-cover" />}
            <div className="flex gap-2">
              <MediaPicker
                title="Choose a social image"
                onPick={pickImage('socialMediaId')}
                trigger={
                  <Button type="button" variant="outline" size="sm">
                    {social ? 'Change social image' : 'Choose social image'}
                  </Button>
                }
              />
              {social && (
                <Button type="button" variant="ghost" size="sm" onClick={() => update('socialMediaId', null)}>
                  Use the cover
                </Button>
              )}
            </div>
          </div>
          <div className="flex items-start gap-3 text-sm">
            <input
              id={f('noindex')}
              type="checkbox"
              checked={content.noindex}
              aria-describedby={`${f('noindex')}-hint`}
              onChange={(event) => update('noindex', event.target.checked)}
              className="mt-1 size-4"
            />
            <div>
              <label htmlFor={f('noindex')} className="font-medium">
                Hide from search engines
              </label>
              <p id={`${f('noindex')}-hint`} className="text-xs text-muted-foreground">
                The post stays on the blog but is left out of the sitemap and asks search engines not to list it.
              </p>
            </div>
          </div>
        </fieldset>
      </form>

      <aside className="flex flex-col gap-6" aria-label="Publishing and revisions">
        <PostPublishPanel
          postId={post.id}
          state={publish}
          beforePublish={async () => {
            // A save under way (an autosave) ends first; then the version the server has is the one to publish.
            if (saving.current) await saving.current;
            if (canonical(latest.current.content) !== saved.current && !(await save(false))) return null;
            return latest.current.version;
          }}
          onChange={(next, fieldErrors) => {
            if (next) setPublish(next);
            if (fieldErrors) {
              setErrors(fieldErrors);
              showToast(errorToast('The post cannot be published yet: correct the fields marked in red.'));
            }
          }}
        />
        {publish.path && publish.status === 'published' && (
          <a
            href={publish.path}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary underline"
          >
            View the published post <ExternalLink aria-hidden="true" className="size-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        )}
        <PostRevisions postId={post.id} revisions={revisions} onRestored={restored} />
      </aside>
    </div>
  );
}
