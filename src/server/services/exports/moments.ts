// Moments as the downloads write them: UTC as stored (ISO-8601), and the wall-clock time in the task's zone
// (ISO-8601 with its offset) in the CSVs; in the workbook both as Excel dates.
// Exports write hundreds of thousands of moments; converting each with a time-zone library costs more than the
// rest of the row, so the zone's offset is looked up once per quarter hour (offsets change on whole quarter
// hours at most) and the local time is written from it.
import { DateTime } from 'luxon';
import { DEFAULT_TIMEZONE } from '../../../shared/study/assessmentSettings';

const QUARTER_HOUR_MS = 15 * 60 * 1000;
const MAX_CACHED = 20_000;
/** Offsets by zone, then by quarter hour since 1970 (a number key: no text to build and hash per moment). */
const offsets = new Map<string, Map<number, number>>();
let cached = 0;

function offsetMs(ms: number, zone: string): number {
  let byQuarter = offsets.get(zone);
  if (!byQuarter) offsets.set(zone, (byQuarter = new Map()));
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  let offset = byQuarter.get(quarter);
  if (offset === undefined) {
    const moment = DateTime.fromMillis(ms, { zone });
    offset = moment.isValid ? moment.offset * 60_000 : 0;
    if (cached >= MAX_CACHED) {
      for (const map of offsets.values()) map.clear();
      cached = 0;
    }
    byQuarter.set(quarter, offset);
    cached += 1;
  }
  return offset;
}

/** '+08:00' for an offset of eight hours ahead of UTC; few offsets occur, so each is written once. */
const offsetTexts = new Map<number, string>();
function offsetText(offset: number): string {
  let text = offsetTexts.get(offset);
  if (text === undefined) {
    const minutes = Math.abs(Math.round(offset / 60_000));
    const pad = (n: number) => String(n).padStart(2, '0');
    text = `${offset < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
    offsetTexts.set(offset, text);
  }
  return text;
}

/**
 * ISO-8601 with the zone's offset, 'YYYY-MM-DDTHH:mm:ss+08:00', in the zone (the study's default zone when the
 * task has none): the wall clock there, and still one exact moment. '' for no moment.
 */
export function localTime(iso: string | null, zone: string | null): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return '';
  const offset = offsetMs(ms, zone || DEFAULT_TIMEZONE);
  return `${new Date(ms + offset).toISOString().slice(0, 19)}${offsetText(offset)}`;
}

/** Days from 1899-12-30 (Excel's day 0) to 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25569;
const DAY_MS = 86_400_000;

/**
 * A moment as Excel stores a date: days since 1899-12-30 with the time as the fraction, read as UTC; null for no
 * moment. A number crosses to the sheet's thread as it is and sorts and subtracts in Excel.
 */
export function excelUtc(iso: string | null): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms / DAY_MS + EXCEL_EPOCH_DAYS : null;
}

/** The wall-clock time in the zone as an Excel date (Excel dates carry no zone: the header names it). */
export function excelLocal(iso: string | null, zone: string | null): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? (ms + offsetMs(ms, zone || DEFAULT_TIMEZONE)) / DAY_MS + EXCEL_EPOCH_DAYS : null;
}

/** A 'YYYY-MM-DD' day as an Excel date (its midnight). */
export function excelDay(day: string | null): number | null {
  if (!day) return null;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(ms) ? ms / DAY_MS + EXCEL_EPOCH_DAYS : null;
}

/** 'YYYY-MM-DD' in the zone. */
export function localDay(iso: string, zone: string | null): string {
  return localTime(iso, zone).slice(0, 10);
}

/** Days from one 'YYYY-MM-DD' to another (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The 'YYYY-MM-DD' `days` after a date. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The zone a task's moments are written in: its own, or the study's default for tasks planned without one. */
export function zoneOf(zone: string | null): string {
  return zone || DEFAULT_TIMEZONE;
}
