import { actions } from 'astro:actions';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { HEARD_ABOUT_LABEL } from '@/lib/insights/heard-about';
import { heardAboutFormSchema, heardAboutMessages, optionsFromText } from '@/lib/insights/heard-about-form';
import { runAdminAction } from './run-admin-action';

/**
 * The answers of the apply form's optional "How did you hear about us?" select, one per line.
 * Applications keep the answer as it read when they were sent, so renaming one changes no
 * application already in.
 */
export function HeardAboutEditor({ options }: { options: string[] }) {
  const [text, setText] = useState(options.join('\n'));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function save() {
    const parsed = heardAboutFormSchema.safeParse({ options: optionsFromText(text) });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setBusy(true);
    const ok = await runAdminAction(() => actions.admin.saveHeardAboutOptions(parsed.data), {
      kind: 'success',
      title: 'Answers saved',
      description: heardAboutMessages.saved,
    });
    setBusy(false);
    if (ok) setText(parsed.data.options.join('\n'));
  }

  return (
    <form
      noValidate
      className="flex max-w-xl flex-col gap-4 rounded-xl border border-border bg-card p-6 shadow-card"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void save();
      }}
    >
      <FormField
        id="heard-about-options"
        label={`Answers to “${HEARD_ABOUT_LABEL}”`}
        hint="One per line, in the order the apply form lists them. Leave it empty to hide the question."
        error={error}
      >
        {(control) => <Textarea {...control} value={text} onChange={(event) => setText(event.target.value)} rows={10} />}
      </FormField>
      <div>
        <Button type="submit" disabled={busy}>
          Save answers
        </Button>
      </div>
    </form>
  );
}
