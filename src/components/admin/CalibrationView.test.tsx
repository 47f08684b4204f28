import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CalibrationView, type CalibrationStage } from './CalibrationView';

const stage = (total: number): CalibrationStage => ({
  stageId: 'screening',
  stageName: 'Screening call',
  attributes: [{ id: 'communication', name: 'Communication' }],
  candidates: [{ applicationId: 'a1', fullName: 'Sam Scored', scorecards: 2, averages: [4], overall: 4, recommendations: ['yes'] }],
  total,
});
const render = (total: number) =>
  renderToStaticMarkup(<CalibrationView stages={[stage(total)]} applicationHref={(id) => `/app/${id}`} allHref="/calibration?all=1" />);

describe('the calibration view', () => {
  it('says when only the best candidates are shown, with a way to every one', () => {
    expect(render(1234)).toContain('The best 1 of 1234 candidates. <a href="/calibration?all=1"');
    expect(render(1234)).toContain('Show all 1234 candidates');
    expect(render(1)).not.toContain('Show all');
  });
});
