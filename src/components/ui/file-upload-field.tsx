import { CheckCircle2, FileText } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { showToast } from '@/components/ui/toast';
import type { FlashToast } from '@/lib/flash';
import { acceptAttribute, fileRefusedToast, precheckFile, type UploadPurpose } from '@/lib/uploads';
import { UploadError, uploadFile } from './upload-file';

type UploadState =
  | { kind: 'idle' }
  | { kind: 'uploading'; fileName: string; percent: number }
  | { kind: 'done'; fileName: string }
  | { kind: 'failed'; message: string };

export interface FileUploadTexts {
  label: string;
  hint: string;
  /** Shown beside the field once the file is stored, e.g. "Resume uploaded successfully". */
  done: string;
  successToast?: FlashToast;
  errorToast: FlashToast;
}

export interface FileUploadFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** The form field that receives the upload's id. */
  name: FieldPath<T>;
  purpose: UploadPurpose;
  id: string;
  required?: boolean;
  disabled: boolean;
  texts: FileUploadTexts;
  /** Told of each upload as it starts: the promise settles true when stored, false when refused. */
  onUploadStart?: (upload: Promise<boolean>) => void;
  /** A refusal from a form posted without JavaScript, shown until a file is chosen. */
  serverError?: string | undefined;
  /** The form's toast id: this field's toasts replace the form's earlier ones. */
  toastId?: string;
}

/**
 * Lets a form submitted while its file is still uploading wait for the upload instead of sending
 * without it (and then clearing the form, which would lose the file without a word).
 */
export function usePendingUpload() {
  const pending = useRef<Promise<boolean> | null>(null);
  const onUploadStart = useCallback((upload: Promise<boolean>) => {
    pending.current = upload;
    void upload.then(() => {
      if (pending.current === upload) pending.current = null;
    });
  }, []);
  /** True when there is nothing to wait for or the upload was stored; false when it failed. */
  const waitForUpload = useCallback(async () => (pending.current ? pending.current : true), []);
  return { onUploadStart, waitForUpload };
}

/**
 * A file uploaded as soon as it is chosen, with a progress bar, so submitting the form later only
 * sends the upload's opaque id. Why an upload failed is shown beside the field as well as toasted
 * (the toast is what a screen reader hears). The field keeps the focus throughout.
 */
export function FileUploadField<T extends FieldValues>({
  control,
  name,
  purpose,
  id,
  required = false,
  disabled,
  texts,
  onUploadStart,
  serverError,
  toastId,
}: FileUploadFieldProps<T>) {
  const { field, fieldState } = useController({ name, control });
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  const toastOptions = toastId ? { id: toastId } : {};
  // The latest file chosen wins: one dropped on the field while another uploads replaces it.
  const latest = useRef<object | null>(null);

  async function onFileChosen(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    const mine = {};
    latest.current = mine;
    const current = () => latest.current === mine;
    field.onChange('');
    const problem = precheckFile(purpose, file);
    if (problem) {
      input.value = '';
      setState({ kind: 'failed', message: problem });
      showToast(fileRefusedToast(problem), toastOptions);
      return;
    }
    setState({ kind: 'uploading', fileName: file.name, percent: 0 });
    const upload = uploadFile(
      file,
      purpose,
      (fraction) => current() && setState({ kind: 'uploading', fileName: file.name, percent: Math.round(fraction * 100) }),
    ).then(
      (result) => {
        if (!current()) return false;
        field.onChange(result.id);
        setState({ kind: 'done', fileName: result.fileName });
        if (texts.successToast) showToast(texts.successToast, toastOptions);
        return true;
      },
      (error: unknown) => {
        if (!current()) return false;
        input.value = '';
        setState({ kind: 'failed', message: (error as Error).message });
        showToast(error instanceof UploadError && error.refused ? fileRefusedToast(error.message) : texts.errorToast, toastOptions);
        return false;
      },
    );
    onUploadStart?.(upload);
    await upload;
  }

  // A validation error (nothing uploaded yet) is shown only once the field was touched or the
  // form submitted; an upload failure is news the moment it happens.
  const error = state.kind === 'failed' ? state.message : (fieldState.error?.message ?? (state.kind === 'idle' ? serverError : undefined));
  const uploading = state.kind === 'uploading';

  return (
    <FormField id={id} label={texts.label} required={required} error={error} hint={texts.hint}>
      {(controlProps) => (
        <div className="flex flex-col gap-3">
          <input
            {...controlProps}
            ref={field.ref}
            name={id}
            type="file"
            accept={acceptAttribute(purpose)}
            disabled={disabled}
            // While a file uploads the field keeps the focus (a disabled one drops it to the page),
            // and it does not open the file picker.
            aria-disabled={uploading || undefined}
            onClick={(event) => uploading && event.preventDefault()}
            onBlur={field.onBlur}
            onChange={(event) => void onFileChosen(event.currentTarget)}
            className="block w-full rounded-md border border-dashed border-input bg-surface p-3 text-sm text-muted-foreground file:mr-4 file:cursor-pointer file:rounded-md file:border-0 file:bg-primary file:px-4 file:py-2 file:text-sm file:font-semibold file:text-primary-foreground hover:file:bg-primary-hover focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-70 aria-disabled:cursor-progress aria-invalid:border-destructive"
          />
          {state.kind === 'uploading' && (
            <div className="flex flex-col gap-1.5">
              <div className="flex items-center justify-between text-sm">
                <span className="inline-flex min-w-0 items-center gap-2">
                  <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                  <span className="truncate">Uploading {state.fileName}</span>
                </span>
                <span aria-hidden="true" className="text-muted-foreground tabular-nums">
                  {state.percent}%
                </span>
              </div>
              <progress
                max={100}
                value={state.percent}
                aria-label={`Uploading ${state.fileName}`}
                className="h-2 w-full overflow-hidden rounded-full bg-muted [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary [&::-webkit-progress-value]:transition-[width]"
              />
            </div>
          )}
          {/* The result is announced once: by its toast when there is one (the resume's), else here. */}
          <div aria-live={texts.successToast ? undefined : 'polite'}>
            {state.kind === 'done' && (
              <p className="inline-flex items-center gap-2 text-sm font-medium text-success">
                <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />
                <span>
                  {texts.done} <span className="font-normal text-muted-foreground">({state.fileName})</span>
                </span>
              </p>
            )}
          </div>
        </div>
      )}
    </FormField>
  );
}
