import { z } from 'zod/mini';
import {
  applicationDetailSchema,
  applicationListQuery,
  applicationSchema,
  candidateListQuery,
  candidateSchema,
  createdNoteSchema,
  doneSchema,
  interviewListQuery,
  interviewSchema,
  listOf,
  messageListQuery,
  messageSchema,
  messageUpdateBody,
  noQuery,
  noteBody,
  oneOf,
  positionListQuery,
  positionSchema,
  reasonSchema,
  statusChangeBody,
} from '../../lib/api/schemas.ts';
import type { RoutePattern } from '../access/rules.ts';

/**
 * The JSON API's operations (issue 55), one entry each: its route, method, the schemas its request is
 * validated with and its answer is shaped by. The routes (src/pages/api/v1/) take their schemas from
 * here, and the OpenAPI document (openapi.ts) is made from here: the description cannot drift from
 * what the server checks.
 */

export interface Operation {
  id: string;
  route: RoutePattern;
  method: 'get' | 'post' | 'patch';
  summary: string;
  description: string;
  query: z.ZodMiniType;
  body?: z.ZodMiniType;
  response: z.ZodMiniType;
  /** 201 for what it makes; 200 otherwise. */
  status?: 200 | 201;
}

const operation = <const O extends Operation>(value: O) => value;

export const operations = {
  listPositions: operation({
    id: 'listPositions',
    route: '/api/v1/positions',
    method: 'get',
    summary: 'Positions',
    description: 'The positions you may see (a hiring manager: their teams’), newest first.',
    query: positionListQuery,
    response: listOf(positionSchema),
  }),
  getPosition: operation({
    id: 'getPosition',
    route: '/api/v1/positions/[id]',
    method: 'get',
    summary: 'One position',
    description: 'A position you may see.',
    query: noQuery,
    response: oneOf(positionSchema),
  }),
  listApplications: operation({
    id: 'listApplications',
    route: '/api/v1/applications',
    method: 'get',
    summary: 'Applications',
    description:
      'The applications you may list, newest first, with the workspace’s filters: q (search, as the workspace’s search box), position, status, rating (1 to 5: at least; or unrated), from and to (the day applied), source, flag=knockout, interview (booked or invited). Phone and address only where you may contact the candidate.',
    query: applicationListQuery,
    response: listOf(applicationSchema),
  }),
  getApplication: operation({
    id: 'getApplication',
    route: '/api/v1/applications/[id]',
    method: 'get',
    summary: 'One application',
    description: 'An application you may read, with its cover letter, profiles and answers to the screening questions.',
    query: noQuery,
    response: oneOf(applicationDetailSchema),
  }),
  changeStatus: operation({
    id: 'changeApplicationStatus',
    route: '/api/v1/applications/[id]/status',
    method: 'post',
    summary: 'Move an application',
    description:
      'Moves an application you may decide on to a status (a read-write token). Rejected needs `rejection`: a reason’s id (from /api/v1/rejection-reasons) and, when the reason asks for them (`asksDetail`), a few words in `detail`. No e-mail goes to the candidate.',
    query: noQuery,
    body: statusChangeBody,
    response: doneSchema,
  }),
  listRejectionReasons: operation({
    id: 'listRejectionReasons',
    route: '/api/v1/rejection-reasons',
    method: 'get',
    summary: 'Rejection reasons',
    description: 'The reasons a rejection may give, as the workspace offers them now (those archived are left out).',
    query: noQuery,
    response: z.object({ data: z.array(reasonSchema) }),
  }),
  addNote: operation({
    id: 'addApplicationNote',
    route: '/api/v1/applications/[id]/notes',
    method: 'post',
    summary: 'Add a note',
    description: 'Adds your note to an application you may review (a read-write token); @Name mentions tell whom it names.',
    query: noQuery,
    body: noteBody,
    response: createdNoteSchema,
    status: 201,
  }),
  listCandidates: operation({
    id: 'listCandidates',
    route: '/api/v1/candidates',
    method: 'get',
    summary: 'Candidates',
    description:
      'The people behind the applications whose history you may read (one person, however many applications or merged addresses), the newest application first, each with those applications; q searches names and addresses.',
    query: candidateListQuery,
    response: listOf(candidateSchema),
  }),
  listInterviews: operation({
    id: 'listInterviews',
    route: '/api/v1/interviews',
    method: 'get',
    summary: 'Interviews',
    description:
      'Interviews of the applications whose history you may read, and those you take part in, latest start first; filters: application, status (confirmed or cancelled), from and to (times the interview overlaps).',
    query: interviewListQuery,
    response: listOf(interviewSchema),
  }),
  listMessages: operation({
    id: 'listMessages',
    route: '/api/v1/messages',
    method: 'get',
    summary: 'Contact messages',
    description: 'Messages from the contact form, newest first; unread=true for those nobody has read, reason to filter.',
    query: messageListQuery,
    response: listOf(messageSchema),
  }),
  getMessage: operation({
    id: 'getMessage',
    route: '/api/v1/messages/[id]',
    method: 'get',
    summary: 'One contact message',
    description: 'A message from the contact form.',
    query: noQuery,
    response: oneOf(messageSchema),
  }),
  updateMessage: operation({
    id: 'updateMessage',
    route: '/api/v1/messages/[id]',
    method: 'patch',
    summary: 'Mark a message read or unread',
    description: 'Marks a contact message read or unread (a read-write token).',
    query: noQuery,
    body: messageUpdateBody,
    response: oneOf(messageSchema),
  }),
} as const satisfies Record<string, Operation>;

export type OperationName = keyof typeof operations;

/** The OpenAPI form of a route's path: /api/v1/applications/[id] is /api/v1/applications/{id}. */
export const openApiPath = (route: string) => route.replace(/\[(\w+)\]/g, '{$1}');
