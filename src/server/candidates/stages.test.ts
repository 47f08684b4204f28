import { describe, expect, it } from 'vitest';
import { applicationStatuses, statusLabels, type ApplicationStatus } from '@/lib/applications/status';
import { canWithdraw, candidateStage, stageTexts } from '@/lib/candidates/stages';

describe('the stage a candidate sees', () => {
  const expected: Record<ApplicationStatus, string> = {
    pending: 'Received',
    reviewing: 'In review',
    interview: 'Interviewing',
    offer: 'Offer',
    hired: 'Decision made',
    rejected: 'Decision made',
    withdrawn: 'Withdrawn',
  };

  it.each(applicationStatuses)('maps %s', (status) => {
    expect(stageTexts[candidateStage(status, { offerSent: true })].label).toBe(expected[status]);
  });

  it('says Offer only once an offer was sent (issue 54): the status set by hand still reads Interviewing', () => {
    expect(candidateStage('offer', { offerSent: false })).toBe('interviewing');
    expect(candidateStage('hired', { offerSent: false })).toBe('decided');
  });

  it('never names an internal status other than the one the candidate chose (Withdrawn) and the offer they answer', () => {
    const said = Object.values(stageTexts)
      .flatMap(({ label, description }) => [label, description])
      .join(' ');
    for (const status of applicationStatuses.filter((s) => s !== 'withdrawn' && s !== 'offer'))
      expect(said.toLowerCase()).not.toMatch(new RegExp(`\\b${statusLabels[status].toLowerCase()}\\b`));
  });

  it('tells hired and rejected apart nowhere', () => {
    expect(candidateStage('hired', { offerSent: true })).toBe(candidateStage('rejected', { offerSent: true }));
  });

  it('lets a candidate withdraw until a decision is made', () => {
    expect(applicationStatuses.filter(canWithdraw)).toEqual(['pending', 'reviewing', 'interview', 'offer']);
  });
});
