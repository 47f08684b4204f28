import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { AccountForm, SubmitButton, useAccountForm } from './account-form';

describe('AccountForm', () => {
  it('is posted, checked by the island, and says which form it is, its error after the intro', () => {
    const html = renderToStaticMarkup(
      <AccountForm kind="sign-in" intro={<p>Lead</p>} error={{ message: 'Invalid email or password', version: 1 }}>
        <input name="email" />
      </AccountForm>,
    );
    const form = html.match(/^<form [^>]*>/)?.[0];
    expect(form).toMatch(/ method="post"/);
    expect(form).toMatch(/ noValidate=""/);
    expect(form).toMatch(/ class="flex flex-col gap-5"/);
    expect(html).toMatch(/^<form [^>]*><input type="hidden" name="form" value="sign-in"\/><p>Lead<\/p><p role="alert" tabindex="-1"/);
    expect(html).toMatch(
      /<svg [^>]*aria-hidden="true">.*<\/svg><span>Invalid email or password<\/span><\/p><input name="email"\/><\/form>$/,
    );
  });

  it('has no alert without an error, less space when compact, and the browser may check a form without script', () => {
    const html = renderToStaticMarkup(
      <AccountForm compact noValidate={false} error={{}}>
        <input name="password" />
      </AccountForm>,
    );
    expect(html).toBe('<form class="flex flex-col gap-4" method="post"><input name="password"/></form>');
  });
});

describe('SubmitButton', () => {
  it('submits, and while busy is disabled and says what it is doing beside a spinner', () => {
    expect(
      renderToStaticMarkup(
        <SubmitButton busy={false} working="Saving...">
          Save profile
        </SubmitButton>,
      ),
    ).toMatch(/^<button type="submit" class="[^"]*">Save profile<\/button>$/);
    const busy = renderToStaticMarkup(
      <SubmitButton busy working="Saving...">
        Save profile
      </SubmitButton>,
    );
    expect(busy).toMatch(/^<button type="submit" class="[^"]*" disabled="">/);
    expect(busy).toMatch(/<svg [^>]*class="[^"]*animate-spin" aria-hidden="true">/);
    expect(busy).toMatch(/<\/svg>Saving...<\/button>$/);
  });
});

describe('useAccountForm', () => {
  const schema = z.object({ email: z.string() });

  function Probe() {
    const form = useAccountForm<{ email: string }>(
      schema,
      { email: 'a@b.c' },
      { kind: 'sign-in', values: {}, fieldErrors: { email: 'Please enter a valid email address' }, formError: 'Too many attempts' },
    );
    return (
      <AccountForm error={form.formError}>
        <output>{form.errorOf('email')}</output>
        <output>{String(form.busy)}</output>
      </AccountForm>
    );
  }

  it("shows the server's answer to a plain post: the form's error and each field's, until the field changes", () => {
    const html = renderToStaticMarkup(<Probe />);
    expect(html).toContain('<span>Too many attempts</span>');
    expect(html).toContain('<output>Please enter a valid email address</output><output>false</output>');
  });
});
