import { describe, expect, it } from 'vitest';
import { notFoundCopy } from './not-found';

describe('notFoundCopy', () => {
  it('titles unknown pages "Page Not Found" with a way home', () => {
    expect(notFoundCopy('/nope')).toMatchObject({ title: 'Page Not Found', back: { href: '/', label: 'Return to Home' } });
    expect(notFoundCopy('/blog/1/comments').title).toBe('Page Not Found');
  });

  it('says pages under solutions/ai-trends are under development', () => {
    expect(notFoundCopy('/solutions/ai-trends/roadmap').message).toMatch(/under development/);
    expect(notFoundCopy('/nope').message).not.toMatch(/under development/);
  });

  it('answers an unknown blog post with "Blog post not found" and a way back to the blog', () => {
    expect(notFoundCopy('/blog/99')).toMatchObject({ title: 'Blog post not found', back: { href: '/blog', label: 'Return to blog' } });
    expect(notFoundCopy('/blog/not-a-number/').title).toBe('Blog post not found');
  });
});
