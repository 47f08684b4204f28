import { actions } from 'astro:actions';
import { UserMinus, UserPlus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select';
import { roleLabels, type Role } from '@/lib/accounts/roles';
import { teamTexts } from '@/lib/accounts/team';
import type { FlashToast } from '@/lib/flash';
import { runAdminAction } from './run-admin-action';

export interface Person {
  userId: string;
  name: string;
  role: Role;
}

export interface PeoplePickerProps {
  /** Who is chosen now. */
  people: Person[];
  /** Who could be added; empty (or absent) when the viewer may only look. */
  candidates?: ReadonlyArray<Person & { group?: string }>;
  texts: PeopleTexts;
  add: (userId: string) => Promise<{ error?: { message: string } | undefined }>;
  remove: (userId: string) => Promise<{ error?: { message: string } | undefined }>;
}

interface PeopleTexts {
  /** The list's accessible name ("Hiring team", "Interviewers"). */
  list: string;
  none: string;
  pick: string;
  add: string;
  remove: (name: string) => string;
  added: (name: string) => string;
  removed: (name: string) => string;
}

// Texts are chosen here, not passed in: an island's props cannot carry functions.
const hiringTeamTexts: PeopleTexts = {
  list: teamTexts.teamHeading,
  none: teamTexts.noTeam,
  pick: teamTexts.person,
  add: teamTexts.addMember,
  remove: teamTexts.remove,
  added: teamTexts.memberAdded,
  removed: teamTexts.memberRemoved,
};
const interviewerTexts: PeopleTexts = {
  list: teamTexts.interviewersHeading,
  none: teamTexts.noInterviewers,
  pick: teamTexts.interviewer,
  add: teamTexts.assign,
  remove: teamTexts.unassign,
  added: teamTexts.assigned,
  removed: teamTexts.unassigned,
};

const success = (title: string): FlashToast => ({ kind: 'success', title });

/**
 * A list of people with a way to add one (a select of the candidates, grouped) and to remove each:
 * a position's hiring team, an application's interviewers. Without candidates it is only a list.
 */
export function PeoplePicker({ people: initial, candidates, texts, add, remove }: PeoplePickerProps) {
  const [people, setPeople] = useState(initial);
  const [busy, setBusy] = useState(false);
  // Read at the click, not kept in state: a choice made while the page was still loading counts too.
  const select = useRef<HTMLSelectElement>(null);
  const selectId = useId();
  const editable = candidates !== undefined;
  const open = (candidates ?? []).filter((candidate) => !people.some((person) => person.userId === candidate.userId));
  const groups = [...new Set(open.map((candidate) => candidate.group ?? ''))];

  async function onAdd() {
    const person = open.find((candidate) => candidate.userId === select.current?.value);
    if (!person || busy) return;
    setBusy(true);
    if (await runAdminAction(() => add(person.userId), success(texts.added(person.name)))) {
      setPeople((current) => [...current, person].sort((a, b) => a.name.localeCompare(b.name)));
      if (select.current) select.current.value = '';
    }
    setBusy(false);
  }

  async function onRemove(person: Person) {
    if (busy) return;
    setBusy(true);
    if (await runAdminAction(() => remove(person.userId), success(texts.removed(person.name))))
      setPeople((current) => current.filter((other) => other.userId !== person.userId));
    setBusy(false);
  }

  return (
    <div className="flex flex-col gap-3">
      {people.length === 0 ? (
        <p className="text-sm text-muted-foreground">{texts.none}</p>
      ) : (
        <ul aria-label={texts.list} className="flex flex-col gap-2 text-sm">
          {people.map((person) => (
            <li key={person.userId} className="flex items-center justify-between gap-2">
              <span>
                <span className="font-medium">{person.name}</span>{' '}
                <span className="text-muted-foreground">· {roleLabels[person.role]}</span>
              </span>
              {editable && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-disabled={busy}
                  aria-label={texts.remove(person.name)}
                  onClick={() => void onRemove(person)}
                >
                  <UserMinus aria-hidden="true" className="text-destructive" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && open.length > 0 && (
        <div className="flex flex-wrap items-end gap-2">
          <SelectField label={texts.pick} id={selectId} ref={select} defaultValue="" className="min-w-48 flex-1">
            <option value="">Choose…</option>
            {groups.map((group) => {
              const options = open
                .filter((candidate) => (candidate.group ?? '') === group)
                .map((candidate) => (
                  <option key={candidate.userId} value={candidate.userId}>
                    {candidate.name} ({roleLabels[candidate.role]})
                  </option>
                ));
              return group ? (
                <optgroup key={group} label={group}>
                  {options}
                </optgroup>
              ) : (
                options
              );
            })}
          </SelectField>
          {/* As tall as the select beside it (h-11). */}
          <Button size="md" variant="outline" aria-disabled={busy} onClick={() => void onAdd()}>
            <UserPlus aria-hidden="true" />
            {texts.add}
          </Button>
        </div>
      )}
    </div>
  );
}

/** An application's interviewers: assigned and unassigned by those who may (recruiters, the position's hiring managers). */
export function InterviewersPanel({
  applicationId,
  ...props
}: Omit<PeoplePickerProps, 'add' | 'remove' | 'texts'> & { applicationId: string }) {
  return (
    <PeoplePicker
      {...props}
      texts={interviewerTexts}
      add={(userId) => actions.admin.assignInterviewer({ applicationId, userId })}
      remove={(userId) => actions.admin.unassignInterviewer({ applicationId, userId })}
    />
  );
}

/** A position's hiring team, changed by recruiters and admins. */
export function HiringTeamPanel({ positionId, ...props }: Omit<PeoplePickerProps, 'add' | 'remove' | 'texts'> & { positionId: string }) {
  return (
    <PeoplePicker
      {...props}
      texts={hiringTeamTexts}
      add={(userId) => actions.admin.addTeamMember({ positionId, userId })}
      remove={(userId) => actions.admin.removeTeamMember({ positionId, userId })}
    />
  );
}
