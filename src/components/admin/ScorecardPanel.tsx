import { actions } from 'astro:actions';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { flashToast } from '@/components/ui/toast';
import { formatDateTime } from '@/lib/format';
import { recommendationLabels, recommendations, scores, type InterviewPlan, type Recommendation, type Score } from '@/lib/interviews/plan';
import { scorecardTexts, submitProblems, type ScorecardAnswer } from '@/lib/interviews/scorecard';

export interface ScorecardView {
  authorName: string;
  stageId: string;
  stageName: string;
  answers: ScorecardAnswer[];
  takeaways: string;
  recommendation: Recommendation | null;
  status: 'draft' | 'submitted';
  submittedAt: Date | null;
  amendedAt: Date | null;
}

export interface ScorecardPanelProps {
  applicationId: string;
  plan: InterviewPlan;
  /** The viewer's own cards (drafts too). */
  mine: ScorecardView[];
  /** The others' submitted cards the viewer may see (blind until they submit their own). */
  others: ScorecardView[];
  /** Submitted cards of others the viewer may not see yet. */
  hidden: number;
  /** Whether the viewer writes scorecards here (else they only read them). */
  canWrite: boolean;
  /** The stage of the viewer's own interview with the candidate, chosen first (else the first stage they have not submitted). */
  defaultStage?: string | null;
}

interface Draft {
  answers: Record<string, { score: Score | null; evidence: string }>;
  takeaways: string;
  recommendation: Recommendation | null;
}

const focusRing = 'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** The stage's attributes as the form shows them: the card's own texts when it exists (the plan may have changed since). */
function attributesOf(plan: InterviewPlan, stageId: string, own: ScorecardView | undefined) {
  if (own) return own.answers.map(({ attributeId, name, levels }) => ({ id: attributeId, name, levels }));
  return plan.find((stage) => stage.id === stageId)?.attributes ?? [];
}

function draftOf(own: ScorecardView | undefined): Draft {
  return {
    answers: Object.fromEntries(
      (own?.answers ?? []).map((answer) => [answer.attributeId, { score: answer.score, evidence: answer.evidence }]),
    ),
    takeaways: own?.takeaways ?? '',
    recommendation: own?.recommendation ?? null,
  };
}

/**
 * Scorecards on an application's page (issue 32): the viewer's own for a stage of the position's
 * plan (each attribute on four described points, evidence for a 1 or a 4, take-aways, an overall
 * recommendation; a draft, then submitted), and a summary per stage of the submitted ones the
 * viewer may see, scores side by side. Blind until submitted: the others' cards appear here once
 * the viewer has submitted theirs.
 */
export function ScorecardPanel(props: ScorecardPanelProps) {
  const { plan, mine } = props;
  const firstOpen = plan.find((stage) => !mine.some((card) => card.stageId === stage.id && card.status === 'submitted'))?.id;
  const planned = props.defaultStage && plan.some((stage) => stage.id === props.defaultStage) ? props.defaultStage : null;
  const [stageId, setStageId] = useState(planned ?? firstOpen ?? plan[0]?.id ?? '');
  const own = mine.find((card) => card.stageId === stageId);
  const [draft, setDraft] = useState<Draft>(() => draftOf(own));
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const attributes = attributesOf(plan, stageId, own);
  const submitted = own?.status === 'submitted';

  function chooseStage(next: string) {
    setStageId(next);
    setDraft(draftOf(mine.find((card) => card.stageId === next)));
    setProblems([]);
  }

  const answersOf = (): ScorecardAnswer[] =>
    attributes.map((attribute) => ({
      attributeId: attribute.id,
      name: attribute.name,
      levels: attribute.levels,
      score: draft.answers[attribute.id]?.score ?? null,
      evidence: draft.answers[attribute.id]?.evidence ?? '',
    }));

  async function save(intent: 'draft' | 'submit') {
    if (intent === 'submit' || submitted) {
      const missing = submitProblems(answersOf(), draft.recommendation);
      if (missing.length > 0) return setProblems(missing);
    }
    setProblems([]);
    setBusy(true);
    try {
      const { data, error } = await actions.admin.saveScorecard({
        applicationId: props.applicationId,
        stageId,
        answers: answersOf().map(({ attributeId, score, evidence }) => ({ attributeId, score, evidence })),
        takeaways: draft.takeaways,
        recommendation: draft.recommendation,
        intent,
      });
      if (error) {
        setProblems([error.message]);
        return setBusy(false);
      }
      if (data.kind === 'incomplete') {
        setProblems(data.problems);
        return setBusy(false);
      }
      flashToast({
        kind: 'success',
        title: data.kind === 'saved' ? scorecardTexts.saved : data.kind === 'amended' ? scorecardTexts.amended : scorecardTexts.submitted,
      });
      window.location.reload();
    } catch {
      setProblems(['The server could not be reached. Nothing was lost: try again.']);
      setBusy(false);
    }
  }

  const setAnswer = (id: string, change: Partial<{ score: Score | null; evidence: string }>) =>
    setDraft((now) => ({
      ...now,
      answers: { ...now.answers, [id]: { score: null, evidence: '', ...now.answers[id], ...change } },
    }));

  const visible = [...mine.filter((card) => card.status === 'submitted'), ...props.others];
  return (
    <div className="mt-3 flex min-w-0 flex-col gap-6">
      {/* What the panel said comes first once there is something to read; the viewer's own form follows. */}
      {props.hidden > 0 && (
        <p className="rounded-md border border-border bg-white p-3 text-sm">
          {props.hidden === 1 ? '1 other scorecard is' : `${props.hidden} other scorecards are`} hidden until you submit yours, so that
          theirs do not sway yours.
        </p>
      )}
      {visible.length > 0 && <StageSummaries cards={visible} />}
      {props.canWrite && plan.length > 0 && (
        <form
          aria-labelledby={`${ids}-heading`}
          className="flex flex-col gap-5 rounded-md border border-border bg-surface p-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy) void save('submit');
          }}
        >
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h3 id={`${ids}-heading`} className="text-base font-semibold">
              Your scorecard
            </h3>
            <label className="flex flex-col gap-1.5 text-sm font-medium">
              Stage
              <select
                value={stageId}
                onChange={(event) => chooseStage(event.target.value)}
                className={`h-11 rounded-md border border-input bg-background px-3 text-sm ${focusRing}`}
              >
                {plan.map((stage) => (
                  <option key={stage.id} value={stage.id}>
                    {stage.name}
                    {mine.some((card) => card.stageId === stage.id && card.status === 'submitted') ? ' (submitted)' : ''}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <p className="text-sm text-muted-foreground">
            {submitted
              ? `Submitted ${formatDateTime(own!.submittedAt!)}${own!.amendedAt ? `, amended ${formatDateTime(own!.amendedAt)}` : ''}. Changes are recorded on the timeline.`
              : own
                ? 'A draft: only you see it until you submit.'
                : 'Score each attribute on what you saw and heard. A 1 or a 4 needs its evidence.'}
          </p>
          {attributes.map((attribute) => {
            const answer = draft.answers[attribute.id] ?? { score: null, evidence: '' };
            const evidenceId = `${ids}-${attribute.id}-evidence`;
            return (
              <fieldset key={attribute.id} className="flex flex-col gap-2">
                <legend className="mb-1 font-semibold">{attribute.name}</legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  {scores.map((score) => (
                    <label
                      key={score}
                      className={`flex cursor-pointer gap-2 rounded-md border border-border bg-white p-2.5 text-sm has-checked:border-primary has-checked:bg-primary-soft ${focusRing}`}
                    >
                      <input
                        type="radio"
                        name={`${ids}-${attribute.id}`}
                        value={score}
                        checked={answer.score === score}
                        onChange={() => setAnswer(attribute.id, { score })}
                        className="mt-0.5 size-4 shrink-0 accent-primary"
                      />
                      <span className="min-w-0 break-words">
                        <span className="font-semibold">{score}</span>{' '}
                        <span className="text-muted-foreground">{attribute.levels[score - 1]}</span>
                      </span>
                    </label>
                  ))}
                </div>
                <label htmlFor={evidenceId} className="text-sm font-medium">
                  Evidence for {attribute.name}
                  {answer.score === 1 || answer.score === 4 ? ' (required for a 1 or a 4)' : ' (optional)'}
                </label>
                <Textarea
                  id={evidenceId}
                  rows={2}
                  value={answer.evidence}
                  onChange={(event) => setAnswer(attribute.id, { evidence: event.target.value })}
                />
              </fieldset>
            );
          })}
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${ids}-takeaways`} className="text-sm font-medium">
              Key take-aways
            </label>
            <Textarea
              id={`${ids}-takeaways`}
              rows={3}
              value={draft.takeaways}
              onChange={(event) => setDraft((now) => ({ ...now, takeaways: event.target.value }))}
            />
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-semibold">Overall recommendation</legend>
            <div className="flex flex-wrap gap-2">
              {recommendations.map((value) => (
                <label
                  key={value}
                  className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-border bg-white px-3 text-sm font-medium has-checked:border-primary has-checked:bg-primary-soft"
                >
                  <input
                    type="radio"
                    name={`${ids}-recommendation`}
                    value={value}
                    checked={draft.recommendation === value}
                    onChange={() => setDraft((now) => ({ ...now, recommendation: value }))}
                    className="size-4 accent-primary"
                  />
                  {recommendationLabels[value]}
                </label>
              ))}
            </div>
          </fieldset>
          {problems.length > 0 && (
            <div role="alert" className="rounded-md border border-destructive/40 bg-white p-3 text-sm text-destructive">
              <p className="font-semibold">{submitted ? 'The changes were not saved:' : 'The scorecard was not submitted:'}</p>
              <ul className="mt-1 list-disc pl-5">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          )}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" aria-disabled={busy}>
              {submitted ? 'Save the changes' : 'Submit the scorecard'}
            </Button>
            {!submitted && (
              <Button type="button" variant="outline" aria-disabled={busy} onClick={() => !busy && void save('draft')}>
                Save as draft
              </Button>
            )}
          </div>
        </form>
      )}

      {/* "None yet" only when none is: under "1 other is hidden" it would say the opposite (issue 51). */}
      {visible.length === 0 && props.hidden === 0 && <StageSummaries cards={visible} />}
    </div>
  );
}

/** Per stage, the submitted scorecards side by side: each attribute's scores, the recommendations, then the take-aways. */
function StageSummaries({ cards }: { cards: ScorecardView[] }) {
  if (cards.length === 0) return <p className="text-sm text-muted-foreground">No scorecard submitted yet.</p>;
  const stages = [...new Map(cards.map((card) => [card.stageId, card.stageName])).entries()];
  return (
    <div className="flex flex-col gap-6">
      {stages.map(([stageId, stageName]) => {
        const panel = cards.filter((card) => card.stageId === stageId);
        const names = [...new Map(panel.flatMap((card) => card.answers.map((answer) => [answer.attributeId, answer.name]))).entries()];
        return (
          <section key={stageId} aria-label={`${stageName}: scorecards`} className="flex min-w-0 flex-col gap-3">
            <h3 className="text-base font-semibold">{stageName}</h3>
            <div
              role="region"
              aria-label={`${stageName}: scores`}
              // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (WCAG 2.1.1)
              tabIndex={0}
              className={`overflow-x-auto rounded-md border border-border ${focusRing}`}
            >
              <table className="w-full min-w-[28rem] text-sm">
                <caption className="sr-only">{`${stageName}: each attribute's score by interviewer, 1 to 4`}</caption>
                <thead className="bg-surface text-left">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      Attribute
                    </th>
                    {panel.map((card) => (
                      <th key={card.authorName} scope="col" className="px-3 py-2 font-semibold">
                        {card.authorName}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {names.map(([attributeId, name]) => (
                    <tr key={attributeId} className="border-t border-border">
                      <th scope="row" className="px-3 py-2 text-left font-medium">
                        {name}
                      </th>
                      {panel.map((card) => {
                        const answer = card.answers.find((each) => each.attributeId === attributeId);
                        return (
                          <td
                            key={card.authorName}
                            className="px-3 py-2 tabular-nums"
                            title={answer?.score ? answer.levels[answer.score - 1] : undefined}
                          >
                            {answer?.score ?? '—'}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                  <tr className="border-t border-border bg-surface">
                    <th scope="row" className="px-3 py-2 text-left font-semibold">
                      Recommendation
                    </th>
                    {panel.map((card) => (
                      <td key={card.authorName} className="px-3 py-2 font-semibold">
                        {card.recommendation ? recommendationLabels[card.recommendation] : '—'}
                      </td>
                    ))}
                  </tr>
                </tbody>
              </table>
            </div>
            <ul className="flex flex-col gap-2 text-sm">
              {panel.map((card) => (
                <li key={card.authorName} className="rounded-md bg-surface p-3">
                  <p className="font-semibold">
                    {card.authorName}{' '}
                    <span className="font-normal text-muted-foreground">
                      · {card.submittedAt ? formatDateTime(card.submittedAt) : ''}
                      {card.amendedAt ? ' · amended' : ''}
                    </span>
                  </p>
                  {card.takeaways && <p className="mt-1 whitespace-pre-wrap">{card.takeaways}</p>}
                  {card.answers.some((answer) => answer.evidence) && (
                    <details className="mt-1">
                      <summary className={`cursor-pointer text-primary ${focusRing}`}>Evidence</summary>
                      <dl className="mt-1 flex flex-col gap-1">
                        {card.answers
                          .filter((answer) => answer.evidence)
                          .map((answer) => (
                            <div key={answer.attributeId}>
                              <dt className="font-medium">
                                {answer.name} ({answer.score})
                              </dt>
                              <dd className="whitespace-pre-wrap text-muted-foreground">{answer.evidence}</dd>
                            </div>
                          ))}
                      </dl>
                    </details>
                  )}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
