import { describe, expect, it } from 'vitest';
import { replyMailto } from './reply';

describe('replyMailto', () => {
  const message = {
    email: 'jane+work@mail.test',
    firstName: 'Jane',
    message: 'First line\nSecond & last',
    receivedOn: 'Nov 21, 2026, 2:18 PM CST',
  };

  it('answers the sender with a Re: subject and the message quoted', () => {
    const url = new URL(replyMailto(message));
    expect(url.protocol).toBe('mailto:');
    expect(decodeURIComponent(url.pathname)).toBe('jane+work@mail.test');
    expect(decodeURIComponent(url.href.match(/subject=([^&]*)/)![1]!)).toBe('Re: Your message to Helixpoint');
    expect(decodeURIComponent(url.href.match(/body=([^&]*)/)![1]!)).toBe(
      'Hi Jane,\n\n\n\nOn Nov 21, 2026, 2:18 PM CST, you wrote:\n> First line\n> Second & last\n',
    );
    // Spaces are %20, never "+", which mail programs would show as a plus sign.
    expect(url.href).not.toContain('+');
  });

  it('quotes at most 1500 characters of a long message', () => {
    const body = decodeURIComponent(replyMailto({ ...message, message: 'x'.repeat(5000) }).match(/body=([^&]*)/)![1]!);
    expect(body).toContain(`> ${'x'.repeat(1500)}…`);
    expect(body).not.toContain('x'.repeat(1501));
  });
});
