import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FlashToast } from '@/lib/flash';
import { followUpToast, runSuccessSequence, successToast, toastsLeftAfter } from './success-sequence';

describe('the sequence after a successful application', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the success toast, the follow-up after 1 s, and goes to the job board after 2 s', () => {
    const shown: string[] = [];
    let carried: FlashToast[] | undefined;
    runSuccessSequence({
      show: (toast) => shown.push(toast.title),
      navigate: (toasts) => {
        carried = toasts;
      },
      now: () => Date.now(),
      setTimeout: (callback, ms) => setTimeout(callback, ms),
    });
    expect(shown).toEqual(['Application Submitted Successfully!']);
    vi.advanceTimersByTime(999);
    expect(shown).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual(['Application Submitted Successfully!', 'Thank you for applying']);
    vi.advanceTimersByTime(999);
    expect(carried).toBeUndefined();
    vi.advanceTimersByTime(1);
    // At 2 s: the success toast has 3 of its 5 s left, the follow-up 9 of its 10 s.
    expect(carried).toEqual([
      { ...successToast, duration: 3_000 },
      { ...followUpToast, duration: 9_000 },
    ]);
  });

  it('uses the spec durations and buttons', () => {
    expect(successToast.duration).toBe(5_000);
    expect(followUpToast.duration).toBe(10_000);
    expect(followUpToast.links?.map((link) => link.label)).toEqual(['View More Jobs', 'Homepage']);
    expect(toastsLeftAfter(500)).toEqual([{ ...successToast, duration: 4_500 }]);
    expect(toastsLeftAfter(6_000)).toEqual([{ ...followUpToast, duration: 5_000 }]);
    expect(toastsLeftAfter(11_000)).toEqual([]);
  });
});
