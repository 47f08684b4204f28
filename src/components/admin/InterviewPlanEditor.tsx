import { actions } from 'astro:actions';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { showToast } from '@/components/ui/toast';
import { MAX_ATTRIBUTES, MAX_STAGES, MIN_ATTRIBUTES, planSchema, type InterviewPlan, type PlanAttribute } from '@/lib/interviews/plan';

export interface InterviewPlanEditorProps {
  positionId: string;
  initial: InterviewPlan;
  /** Whether the plan is the department's default (never saved for this position). */
  isDefault: boolean;
}

/** A new id for a stage or attribute: unique enough within one plan, and of the shape the schema wants. */
const newId = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

const blankAttribute = (): PlanAttribute => ({ id: newId('attribute'), name: '', levels: ['', '', '', ''] });

/**
 * A position's interview plan (issue 32): its stages, each with 2 to 8 focus attributes and what a
 * 1, 2, 3 and 4 mean in words. Saved as a whole; scorecards already written keep the texts they
 * were answered against.
 */
export function InterviewPlanEditor({ positionId, initial, isDefault }: InterviewPlanEditorProps) {
  const [plan, setPlan] = useState<InterviewPlan>(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();

  const updateStage = (index: number, change: (stage: InterviewPlan[number]) => InterviewPlan[number]) =>
    setPlan((now) => now.map((stage, at) => (at === index ? change(stage) : stage)));
  const updateAttribute = (stageIndex: number, attributeIndex: number, change: Partial<PlanAttribute>) =>
    updateStage(stageIndex, (stage) => ({
      ...stage,
      attributes: stage.attributes.map((attribute, at) => (at === attributeIndex ? { ...attribute, ...change } : attribute)),
    }));

  async function save() {
    const parsed = planSchema.safeParse(plan);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const stage = typeof issue.path[0] === 'number' ? plan[issue.path[0]]?.name || `Stage ${issue.path[0] + 1}` : null;
      return setError(stage ? `${stage}: ${issue.message}` : issue.message);
    }
    setError(null);
    setBusy(true);
    try {
      const { error: refused } = await actions.admin.saveInterviewPlan({ positionId, plan: parsed.data });
      if (refused) setError(refused.message);
      else showToast({ kind: 'success', title: 'Interview plan saved. New scorecards use it.' });
    } catch {
      setError('The server could not be reached. Nothing was lost: try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      aria-labelledby={`${ids}-heading`}
      className="flex flex-col gap-6 rounded-xl border border-border bg-card p-6 shadow-card"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void save();
      }}
    >
      <div>
        <h2 id={`${ids}-heading`} className="text-xl font-bold tracking-tight">
          Interview plan
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          The stages of this position’s interviews and what interviewers score at each, on four points described in words.
          {isDefault ? ' This is the department’s plan: saving makes it this position’s own.' : ''}
        </p>
      </div>
      {plan.map((stage, stageIndex) => (
        // min-w-0: a fieldset is at least as wide as its content by default, and a long stage name
        // in "Add an attribute to …" pushed a phone's page sideways.
        <fieldset key={stage.id} className="flex min-w-0 flex-col gap-4 rounded-lg border border-border p-4">
          <legend className="px-1 text-base font-semibold">{stage.name || `Stage ${stageIndex + 1}`}</legend>
          <div className="flex flex-wrap items-end gap-3">
            <label htmlFor={`${ids}-${stage.id}`} className="flex min-w-0 flex-1 flex-col gap-1.5 text-sm font-medium">
              Stage name
              <Input
                id={`${ids}-${stage.id}`}
                value={stage.name}
                maxLength={80}
                onChange={(event) => updateStage(stageIndex, (now) => ({ ...now, name: event.target.value }))}
              />
            </label>
            <Button
              type="button"
              variant="outline"
              aria-disabled={plan.length <= 1}
              onClick={() => plan.length > 1 && setPlan((now) => now.filter((_, at) => at !== stageIndex))}
            >
              <Trash2 aria-hidden="true" />
              Remove the stage {stage.name}
            </Button>
          </div>
          {stage.attributes.map((attribute, attributeIndex) => (
            <div key={attribute.id} className="flex flex-col gap-3 rounded-md bg-surface p-3">
              <div className="flex flex-wrap items-end gap-3">
                <label htmlFor={`${ids}-${stage.id}-${attribute.id}`} className="flex min-w-0 flex-1 flex-col gap-1.5 text-sm font-medium">
                  Attribute name
                  <Input
                    id={`${ids}-${stage.id}-${attribute.id}`}
                    value={attribute.name}
                    maxLength={80}
                    onChange={(event) => updateAttribute(stageIndex, attributeIndex, { name: event.target.value })}
                  />
                </label>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-disabled={stage.attributes.length <= MIN_ATTRIBUTES}
                  onClick={() =>
                    stage.attributes.length > MIN_ATTRIBUTES &&
                    updateStage(stageIndex, (now) => ({ ...now, attributes: now.attributes.filter((_, at) => at !== attributeIndex) }))
                  }
                >
                  Remove {attribute.name || 'this attribute'}
                </Button>
              </div>
              <div className="grid gap-2 sm:grid-cols-2">
                {attribute.levels.map((level, levelIndex) => (
                  <label
                    key={levelIndex}
                    htmlFor={`${ids}-${stage.id}-${attribute.id}-${levelIndex}`}
                    className="flex flex-col gap-1 text-sm font-medium"
                  >
                    What a {levelIndex + 1} means
                    <Textarea
                      id={`${ids}-${stage.id}-${attribute.id}-${levelIndex}`}
                      rows={2}
                      value={level}
                      maxLength={300}
                      onChange={(event) => {
                        const levels = [...attribute.levels] as PlanAttribute['levels'];
                        levels[levelIndex] = event.target.value;
                        updateAttribute(stageIndex, attributeIndex, { levels });
                      }}
                    />
                  </label>
                ))}
              </div>
            </div>
          ))}
          {stage.attributes.length < MAX_ATTRIBUTES && (
            <div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => updateStage(stageIndex, (now) => ({ ...now, attributes: [...now.attributes, blankAttribute()] }))}
              >
                <Plus aria-hidden="true" />
                Add an attribute to {stage.name || `stage ${stageIndex + 1}`}
              </Button>
            </div>
          )}
        </fieldset>
      ))}
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" aria-disabled={busy}>
          Save the interview plan
        </Button>
        {plan.length < MAX_STAGES && (
          <Button
            type="button"
            variant="outline"
            onClick={() => setPlan((now) => [...now, { id: newId('stage'), name: '', attributes: [blankAttribute(), blankAttribute()] }])}
          >
            <Plus aria-hidden="true" />
            Add a stage
          </Button>
        )}
      </div>
    </form>
  );
}
