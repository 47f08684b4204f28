import { statusLabels, type ApplicationStatus } from '../applications/status.ts';

/**
 * The shape of the hiring reports (/admin/insights), shared by the server that counts them
 * (src/server/insights/report.ts) and the components that draw them.
 */

export const insightPeriods = [30, 90, 365] as const;
export type InsightPeriod = (typeof insightPeriods)[number];
export const DEFAULT_PERIOD: InsightPeriod = 30;

export interface InsightsQuery {
  periodDays: InsightPeriod;
  /** One position's numbers; null for all positions. */
  positionId: string | null;
}

/** The stages of the funnel after "applied", in the order an application moves along them. */
export const funnelStages = ['reviewing', 'interview', 'offer', 'hired'] as const;
export type FunnelStage = (typeof funnelStages)[number];

/** The statuses whose first arrival is timed. */
export const timedStatuses = ['reviewing', 'interview', 'offer', 'hired', 'rejected'] as const;
export type TimedStatus = (typeof timedStatuses)[number];

export const stageLabels: Record<'applied' | TimedStatus, string> = { applied: 'Applied', ...statusLabels };

export interface PositionRow {
  id: string;
  title: string;
  isActive: boolean;
  views: number;
  applications: number;
  conversion: number | null;
}

export interface Insights {
  /** The period's first and last day (YYYY-MM-DD, the company's days), both counted. */
  period: { days: InsightPeriod; from: string; to: string };
  positionId: string | null;
  summary: {
    /** Views of the job board (/careers); null when one position is reported. */
    boardViews: number | null;
    positionViews: number;
    applications: number;
    /** Applications per 100 position-page views; null without views. */
    conversion: number | null;
  };
  /** Active positions and any other with views or applications in the period (the chosen one only, with a position). */
  positions: PositionRow[];
  sources: { source: string; applications: number }[];
  /** answer null: the question was not answered. */
  heardAbout: { answer: string | null; applications: number }[];
  /** How many of the period's applications reached each stage or one after it; rejections apart. */
  funnel: { applied: number; rejected: number } & Record<FunnelStage, number>;
  /** Median days (one decimal) to the first arrival at each status, over the n applications that reached it. */
  timeToStage: { status: TimedStatus; n: number; medianDays: number | null }[];
  /** Per interviewer: median hours (one decimal) from a booked interview's end to their scorecard, over n interviews (issue 32). */
  scorecardTime: { interviewer: string; n: number; medianHours: number }[];
  /** Applications rejected within the period (and still rejected), per position, reason and the status they were rejected from (issue 32). */
  rejections: { position: string; reason: string; stage: ApplicationStatus; n: number }[];
  /** Offers (issue 54); null for a person who may not read offers. */
  offers: OfferInsights | null;
}

/** One row of the offers report: a position (with its department) or a department. */
export interface OfferInsightRow {
  position: string | null;
  department: string;
  /** Offers sent in the period, and what became of them. */
  sent: number;
  accepted: number;
  declined: number;
  /** Expired, withdrawn or replaced without an answer. */
  closed: number;
  /** Still open for an answer. */
  open: number;
  /** Median days from sending to the candidate's answer, over the answered ones (one decimal). */
  medianDaysToAnswer: number | null;
  /** Accepted per 100 answered. */
  acceptance: number | null;
}

export interface OfferInsights {
  byPosition: OfferInsightRow[];
  byDepartment: OfferInsightRow[];
  /** The candidates' reasons for declining (when given), newest first: at most 100. */
  declines: { position: string; department: string; reason: string; declinedOn: string }[];
}

/**
 * `part` as a percentage of `whole`, one decimal: conversion (applications per 100 position-page
 * views) and the funnel's share of applied. null when the whole is 0 (nothing to divide by).
 */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}
