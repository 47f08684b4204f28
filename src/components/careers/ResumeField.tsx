import { CheckCircle2, FileText } from 'lucide-react';
import { useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import type { ApplicationFormInput } from '@/lib/application-schema';
import { acceptAttribute, precheckFile } from '@/lib/uploads';
import { uploadFile } from './upload-file';

type UploadState =
  | { kind: 'idle' }
  | { kind: 'uploading'; fileName: string; percent: number }
  | { kind: 'done'; fileName: string }
  | { kind: 'failed'; message: string };

function showUploadError() {
  toast.error('Upload Error', { description: 'There was an error uploading your resume. Please try again.' });
}

/**
 * The resume: uploaded as soon as it is chosen, with a progress bar, so submitting the form later
 * only sends the upload's opaque id. Why an upload failed is shown beside the field as well as in
 * the spec's toast.
 */
export function ResumeField({ control, disabled }: { control: Control<ApplicationFormInput>; disabled: boolean }) {
  const { field, fieldState } = useController({ name: 'resume_upload_id', control });
  const [state, setState] = useState<UploadState>({ kind: 'idle' });

  async function onFileChosen(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    field.onChange('');
    const problem = precheckFile('resume', file);
    if (problem) {
      input.value = '';
      setState({ kind: 'failed', message: problem });
      showUploadError();
      return;
    }
    setState({ kind: 'uploading', fileName: file.name, percent: 0 });
    try {
      const result = await uploadFile(file, 'resume', (fraction) =>
        setState({ kind: 'uploading', fileName: file.name, percent: Math.round(fraction * 100) }),
      );
      field.onChange(result.id);
      setState({ kind: 'done', fileName: result.fileName });
      toast.success('Resume Uploaded', { description: 'Your resume has been successfully uploaded.' });
    } catch (error) {
      input.value = '';
      setState({ kind: 'failed', message: (error as Error).message });
      showUploadError();
    }
  }

  // A validation error (nothing uploaded yet) is shown only once the field was touched or the
  // form submitted; an upload failure is news the moment it happens.
  const error = state.kind === 'failed' ? state.message : fieldState.error?.message;

  return (
    <FormField id="resume" label="Resume" required error={error} hint="PDF, DOC or DOCX, up to 10MB">
      {(controlProps) => (
        <div className="flex flex-col gap-3">
          <input
            {...controlProps}
            ref={field.ref}
            name="resume"
            type="file"
            accept={acceptAttribute('resume')}
            disabled={disabled || state.kind === 'uploading'}
            onBlur={field.onBlur}
            onChange={(event) => void onFileChosen(event.currentTarget)}
            className="block w-full rounded-md border border-dashed border-input bg-surface p-3 text-sm text-muted-foreground file:mr-4 file:cursor-pointer file:rounded-md file:border-0 file:bg-primary file:px-4 file:py-2 file:text-sm file:font-semibold file:text-primary-foreground hover:file:bg-primary-hover focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-70 aria-invalid:border-destructive"
          />
          {state.kind === 'uploading' && (
            <div className="flex flex-col gap-1.5">
              <div className="flex items-center justify-between text-sm">
                <span className="inline-flex min-w-0 items-center gap-2">
                  <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                  <span className="truncate">Uploading {state.fileName}</span>
                </span>
                <span aria-hidden="true" className="tabular-nums text-muted-foreground">
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
          <div aria-live="polite">
            {state.kind === 'done' && (
              <p className="inline-flex items-center gap-2 text-sm font-medium text-success">
                <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />
                <span>
                  Resume uploaded successfully <span className="font-normal text-muted-foreground">({state.fileName})</span>
                </span>
              </p>
            )}
          </div>
        </div>
      )}
    </FormField>
  );
}
