import { ActionError, type ActionAPIContext } from 'astro:actions';
import { reportFailure } from '@/server/failures';
import { getRuntime } from '@/server/runtime';

/**
 * An action's handler whose faults answer a generic message with a reference. Astro would answer
 * any error's own message, and a failed query's message is its SQL with every submitted value.
 * An ActionError is the handler's own answer (a refusal) and passes unchanged.
 */
export function reportingFaults<I, R>(handler: (input: I, context: ActionAPIContext) => Promise<R>) {
  return async (input: I, context: ActionAPIContext): Promise<R> => {
    try {
      return await handler(input, context);
    } catch (error) {
      if (error instanceof ActionError) throw error;
      const failure = reportFailure(getRuntime().logger, error, {
        reference: context.locals.requestId,
        method: context.request.method,
        path: context.url.pathname,
      });
      throw new ActionError({ code: failure.unavailable ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_SERVER_ERROR', message: failure.message });
    }
  };
}
