import { describe, expect, it } from 'vitest';
import { notFoundCopy } from './not-found';

describe('notFoundCopy', () => {
  it('titles every unknown page "Page Not Found"', () => {
    expect(notFoundCopy('/nope').title).toBe('Page Not Found');
    expect(notFoundCopy('/solutions/ai-trends/x').title).toBe('Page Not Found');
  });

  it('says pages under solutions/ai-trends are under development', () => {
    expect(notFoundCopy('/solutions/ai-trends/roadmap').message).toMatch(/under development/);
    expect(notFoundCopy('/nope').message).not.toMatch(/under development/);
  });
});
