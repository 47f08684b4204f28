import { describe, expect, it } from 'vitest';
import { parseBody, postIdFromParam } from './blog-body';

describe('parseBody', () => {
  it('applies the spec rules line by line', () => {
    const body = [
      'Zero trust starts with identity.',
      '',
      'Why the Perimeter Falls Short',
      '• Stolen credentials',
      '• Flat networks',
      'Benefits of Segmentation',
      'Key Principles',
      'Keyboards are not headings, and neither is Whyte.',
    ].join('\n');
    expect(parseBody(body)).toEqual([
      { kind: 'paragraph', text: 'Zero trust starts with identity.' },
      { kind: 'heading', text: 'Why the Perimeter Falls Short' },
      { kind: 'bullets', items: ['Stolen credentials', 'Flat networks'] },
      { kind: 'heading', text: 'Benefits of Segmentation' },
      { kind: 'heading', text: 'Key Principles' },
      { kind: 'paragraph', text: 'Keyboards are not headings, and neither is Whyte.' },
    ]);
  });

  it('starts a new list after any other line', () => {
    expect(parseBody('• a\ntext\n• b').map((block) => block.kind)).toEqual(['bullets', 'paragraph', 'bullets']);
  });
});

describe('postIdFromParam', () => {
  it.each([
    ['3', 3],
    ['03', 3],
    ['abc', null],
    ['2.5', null],
    ['0', null],
    ['-1', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (param, expected) => {
    expect(postIdFromParam(param)).toBe(expected);
  });
});
