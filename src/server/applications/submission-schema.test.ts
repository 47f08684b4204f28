import { describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD } from '../../lib/honeypot';
import { applicationSubmissionSchema } from './submission-schema';

describe('the application as the browser sends it', () => {
  it('carries the honeypot under the name every public form uses, the position, the source and the answers', () => {
    expect(Object.keys(applicationSubmissionSchema.shape)).toEqual(
      expect.arrayContaining([HONEYPOT_FIELD, 'position_id', 'source', 'source_medium', 'source_campaign', 'answers', 'heard_about']),
    );
  });
});
