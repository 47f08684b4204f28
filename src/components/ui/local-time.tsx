import { useSyncExternalStore } from 'react';
import { formatDateTime, localDateTime } from '@/lib/format';

const noSubscription = () => () => {};

/**
 * An instant in the reader's own zone and language, in an island: the server cannot know them, so
 * it draws the company's time ("Nov 27, 2026, 4:19 PM CST") and the browser switches to its own
 * after hydration. Drawing the browser's time at once made React's hydration fail (error #418) for
 * anyone outside the server's zone or language (issue 51).
 */
export function LocalTime({ iso }: { iso: string }) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return <time dateTime={iso}>{hydrated ? localDateTime(iso) : formatDateTime(new Date(iso))}</time>;
}
