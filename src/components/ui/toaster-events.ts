/** Fired to ask the global toast area to load; kept apart so listening costs no toast code. */
export const TOASTER_REQUEST_EVENT = 'toaster:request';
