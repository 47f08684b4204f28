import { z } from 'zod/mini';
import { emailChoices, type EmailChoice, type NoticeTopic } from './kinds.ts';

/**
 * The notification preferences form (issue 51), posted as a plain form (it works without
 * JavaScript): one choice per topic (`topic-<name>`) and the digest's hour (`digest_hour`).
 */

export const preferencesTexts = {
  title: 'Your notifications',
  saved: 'Your notification choices are saved.',
  badChoice: 'Choose at once, in the daily digest or not by e-mail.',
  badHour: 'Choose an hour for your digest.',
} as const;

export const topicField = (topic: NoticeTopic) => `topic-${topic}`;

export type PreferencesInput = { choices: Partial<Record<NoticeTopic, EmailChoice>>; digestHour: number };

/** The posted fields as choices; the field's message for what is not one. */
export function readPreferences(
  fields: Record<string, string | undefined>,
  topics: readonly NoticeTopic[],
): { ok: true; value: PreferencesInput } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const choices: Partial<Record<NoticeTopic, EmailChoice>> = {};
  for (const topic of topics) {
    const value = fields[topicField(topic)];
    if ((emailChoices as readonly string[]).includes(value ?? '')) choices[topic] = value as EmailChoice;
    else errors[topicField(topic)] = preferencesTexts.badChoice;
  }
  const hour = Number(fields['digest_hour']);
  if (!/^\d{1,2}$/.test(fields['digest_hour'] ?? '') || hour < 0 || hour > 23) errors['digest_hour'] = preferencesTexts.badHour;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: { choices, digestHour: hour } };
}

/** Following a thread (issue 51): the Follow / Unfollow button's input. */
export const followApplicationSchema = z.object({ applicationId: z.uuid(), follow: z.boolean() });
export const followMessageSchema = z.object({ contactMessageId: z.uuid(), follow: z.boolean() });
