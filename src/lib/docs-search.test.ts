import { describe, expect, it } from 'vitest';
import { docsPage } from '@/content/docs';
import { matchesQuery, resultSummary, topicSearchText } from './docs-search';

const matching = (query: string) => docsPage.topics.filter((topic) => matchesQuery(topicSearchText(topic), query)).map((topic) => topic.id);

describe('docs search', () => {
  it('matches every topic for an empty query', () => {
    expect(matching('   ')).toEqual(['cloud-solutions', 'security', 'devops', 'ai-ml']);
  });

  it('matches titles and keywords case-insensitively', () => {
    expect(matching('TERRAFORM')).toContain('cloud-solutions');
    expect(matching('Security')).toContain('security');
  });

  it('needs every word of the query', () => {
    expect(matching('landing zone')).toContain('cloud-solutions');
    expect(matching('landing zone quantumfoam')).toEqual([]);
  });

  it('summarises the result', () => {
    expect(resultSummary(4, 4, '')).toBe('4 topics');
    expect(resultSummary(1, 4, ' aws ')).toBe('1 of 4 topics match "aws".');
    expect(resultSummary(0, 4, 'cobol')).toBe('No topics match "cobol".');
  });
});
