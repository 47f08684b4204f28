import { actions } from 'astro:actions';
import { useId, useState, useSyncExternalStore } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/label';
import { Input } from '@/components/ui/input';
import { showToast } from '@/components/ui/toast';
import type { PostContent, PostStatus } from '@/lib/posts/content';
import { statusBadges, statusLabels } from '@/lib/posts/editor';
import { LocalTime } from '@/components/ui/local-time';
import { PreviewLinkBox } from '@/components/admin/PreviewLinkBox';
import { runAdminAction } from './run-admin-action';

export interface PublishState {
  status: PostStatus;
  path: string;
  publishedAt: string | null;
  publishAt: string | null;
  unpublishAt: string | null;
}

type FieldErrors = Partial<Record<keyof PostContent | 'publishAt' | 'unpublishAt', string>>;

interface PostPublishPanelProps {
  postId: number;
  state: PublishState;
  /** Saves unsaved changes first; resolves to the saved version to publish, or null when it could not be saved. */
  beforePublish: () => Promise<number | null>;
  onChange: (state: PublishState | null, fieldErrors?: FieldErrors) => void;
}

const noSubscription = () => () => {};

/** A datetime-local value (the browser's zone) for an instant, and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

/**
 * Publishing: the post's state, publish now (or update the published post), a time to publish and
 * a time to stop, unpublish, and a preview link for people without an account.
 */
export function PostPublishPanel({ postId, state, beforePublish, onChange }: PostPublishPanelProps) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [publishAt, setPublishAt] = useState(toLocalInput(state.publishAt));
  const [unpublishAt, setUnpublishAt] = useState(toLocalInput(state.unpublishAt));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [preview, setPreview] = useState<{ url: string; expiresAt: string } | null>(null);
  // The browser's zone, known after hydration (the server renders without it).
  const zone = useSyncExternalStore(
    noSubscription,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => null,
  );

  const publishNow = async () => {
    setBusy(true);
    const version = await beforePublish();
    if (version !== null) {
      await runAdminAction(async () => {
        const result = await actions.admin.publishPost({ postId, version });
        if (result.data?.ok) {
          onChange({
            ...state,
            status: 'published',
            path: result.data.path,
            publishAt: null,
            publishedAt: state.publishedAt ?? new Date().toISOString(),
          });
          setPublishAt('');
          showToast({ kind: 'success', title: state.status === 'published' ? 'Published post updated' : 'Post published' });
        } else if (result.data && !result.data.ok) onChange(null, result.data.fieldErrors);
        return result;
      });
    }
    setBusy(false);
  };

  const schedule = async () => {
    setBusy(true);
    setErrors({});
    const version = await beforePublish();
    if (version !== null) {
      await runAdminAction(async () => {
        const result = await actions.admin.schedulePost({
          postId,
          version,
          publishAt: fromLocalInput(publishAt),
          unpublishAt: fromLocalInput(unpublishAt),
        });
        if (result.data?.ok) {
          onChange({
            ...state,
            status: result.data.status,
            publishAt: fromLocalInput(publishAt),
            unpublishAt: fromLocalInput(unpublishAt),
          });
          showToast({ kind: 'success', title: 'Schedule saved' });
        } else if (result.data && !result.data.ok) {
          setErrors(result.data.fieldErrors);
          onChange(null, result.data.fieldErrors);
        }
        return result;
      });
    }
    setBusy(false);
  };

  const unpublish = async () => {
    setBusy(true);
    await runAdminAction(
      async () => {
        const result = await actions.admin.unpublishPost({ postId });
        if (result.data) {
          onChange({ ...state, status: 'draft', publishAt: null, unpublishAt: null });
          setPublishAt('');
          setUnpublishAt('');
        }
        return result;
      },
      { kind: 'success', title: 'Post unpublished', description: 'It is no longer on the blog.' },
    );
    setBusy(false);
  };

  const previewLink = async () => {
    setBusy(true);
    await runAdminAction(async () => {
      const result = await actions.admin.previewLink({ postId });
      if (result.data) setPreview(result.data);
      return result;
    });
    setBusy(false);
  };

  const published = state.status === 'published';
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-xl border border-border bg-card p-5 shadow-card">
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-base font-semibold">
          Publishing
        </h2>
        <Badge variant={statusBadges[state.status]}>{statusLabels[state.status]}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        {published ? (
          <>
            Published
            {state.publishedAt && (
              <>
                {' '}
                <LocalTime iso={state.publishedAt} />
              </>
            )}
            . Changes you save stay a draft until you update the published post.
          </>
        ) : state.status === 'scheduled' && state.publishAt ? (
          <>
            Will be published <LocalTime iso={state.publishAt} />, as it is then.
          </>
        ) : (
          'Not on the blog. Only people with the preview link or an editor account can read it.'
        )}
        {state.unpublishAt && (
          <>
            {' '}
            Leaves the blog <LocalTime iso={state.unpublishAt} />.
          </>
        )}
      </p>
      <Button type="button" disabled={busy} onClick={() => void publishNow()}>
        {published ? 'Update published post' : 'Publish now'}
      </Button>

      <fieldset className="flex flex-col gap-3 border-t border-border pt-4">
        <legend className="sr-only">Schedule</legend>
        {!published && (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-at`} className="text-sm font-medium">
              Publish at
            </label>
            <Input
              id={`${id}-at`}
              type="datetime-local"
              step={1}
              value={publishAt}
              aria-invalid={errors.publishAt ? true : undefined}
              aria-describedby={[`${id}-zone`, errors.publishAt ? `${id}-at-error` : ''].filter(Boolean).join(' ')}
              onChange={(event) => setPublishAt(event.target.value)}
            />
            {errors.publishAt && <FieldError id={`${id}-at-error`}>{errors.publishAt}</FieldError>}
          </div>
        )}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-until`} className="text-sm font-medium">
            Unpublish at (optional)
          </label>
          <Input
            id={`${id}-until`}
            type="datetime-local"
            step={1}
            value={unpublishAt}
            aria-invalid={errors.unpublishAt ? true : undefined}
            aria-describedby={[`${id}-zone`, errors.unpublishAt ? `${id}-until-error` : ''].filter(Boolean).join(' ')}
            onChange={(event) => setUnpublishAt(event.target.value)}
          />
          {errors.unpublishAt && <FieldError id={`${id}-until-error`}>{errors.unpublishAt}</FieldError>}
        </div>
        <p id={`${id}-zone`} className="text-xs text-muted-foreground">
          {zone ? `Times in your time zone (${zone}).` : 'Times in your time zone.'}
        </p>
        <Button type="button" variant="outline" disabled={busy} onClick={() => void schedule()}>
          Save schedule
        </Button>
      </fieldset>

      <div className="flex flex-col gap-2 border-t border-border pt-4">
        <Button type="button" variant="outline" disabled={busy} onClick={() => void previewLink()}>
          Get preview link
        </Button>
        {preview && <PreviewLinkBox {...preview} />}
      </div>

      {state.status !== 'draft' && (
        <div className="border-t border-border pt-4">
          <ConfirmDialog
            trigger={
              <Button type="button" variant="ghost" className="w-full text-destructive" disabled={busy}>
                {published ? 'Unpublish' : 'Cancel the scheduled publication'}
              </Button>
            }
            title={published ? 'Unpublish this post?' : 'Cancel the scheduled publication?'}
            description={
              published
                ? 'It leaves the blog, the feed and the sitemap at once. Its text stays here as a draft.'
                : 'The post stays a draft.'
            }
            confirmLabel={published ? 'Unpublish' : 'Cancel publication'}
            destructive
            onConfirm={() => void unpublish()}
          />
        </div>
      )}
    </section>
  );
}
