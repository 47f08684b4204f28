import { defineAction } from 'astro:actions';
import { applicationDeps, submitApplication } from '@/server/applications';
import { clientKeyOf } from '@/server/request-context';
import { getRuntime } from '@/server/runtime';

/**
 * Form submissions from React islands. Input is validated inside each command with the schema the
 * form uses, and every outcome (including "invalid" with field errors) comes back as data, so the
 * form can show it next to the fields; only unexpected failures become errors.
 */
export const server = {
  apply: defineAction({
    accept: 'json',
    handler: (input: unknown, context) =>
      submitApplication(applicationDeps(getRuntime()), input, clientKeyOf(context.request, context.clientAddress)),
  }),
};
