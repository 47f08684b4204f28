import { describe, expect, it, vi } from 'vitest';

vi.mock('@/components/ui/toast', () => ({ showToast: vi.fn() }));
const { showToast } = await import('@/components/ui/toast');
const { runner } = await import('./use-command');

/** The runner with its form's parts recorded: errors beside the form, errors beside fields. */
function setup() {
  const shown: (string | undefined)[][] = [];
  const fields: [string, string | undefined][] = [];
  const run = runner(
    {
      busy: false,
      formError: { message: undefined, version: 0 },
      attempt: async (work) => work(),
      showError: (message, toast = message) => shown.push([message, toast]),
    },
    (field, error) => fields.push([field, error.message]),
  );
  return { run, shown, fields };
}

describe('an account action', () => {
  it("puts a refusal beside its fields, and the form's own message beside the form", async () => {
    const { run, shown, fields } = setup();
    const done = await run(async () => ({
      data: { ok: false, message: 'Check the form', fieldErrors: { username: 'Taken', form: 'Not now' } },
    }));
    expect(done).toBeUndefined();
    expect(fields).toEqual([['username', 'Taken']]);
    expect(shown).toEqual([['Not now', 'Not now']]);
  });

  it('shows a refusal without fields beside the form; with fields only, it is toasted', async () => {
    const { run, shown } = setup();
    await run(async () => ({ data: { ok: false, message: 'Wrong password', fieldErrors: {} } }));
    await run(async () => ({ data: { ok: false, message: 'Check the form', fieldErrors: { username: 'Taken' } } }));
    expect(shown).toEqual([
      ['Wrong password', 'Wrong password'],
      [undefined, 'Check the form'],
    ]);
  });

  it('shows the error of a failed call, and toasts an accepted one', async () => {
    const { run, shown } = setup();
    expect(await run(async () => ({ error: { message: 'Unauthorized' } }))).toBeUndefined();
    expect(shown).toEqual([['Unauthorized', 'Unauthorized']]);
    const success = { kind: 'success', title: 'Profile saved' } as const;
    expect(await run(async () => ({ data: { ok: true as const, id: 1 } }), success)).toEqual({ ok: true, id: 1 });
    expect(showToast).toHaveBeenCalledWith(success);
  });
});
