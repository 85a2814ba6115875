// One warning of pilot mode (issue 20) with its place filled in: the fields a warning does not name are null, and
// its place in words comes from the shared texts.
import { warningWhere } from '../../../shared/messages/pilotWarnings';
import type { PilotWarning, PilotWarningKind, PilotWarningPlace } from '../../../shared/types/pilotWarnings';

const nowhere: PilotWarningPlace = {
  stage_num: null,
  stage_name: null,
  group_num: null,
  group_name: null,
  setting: null,
  questionnaire: null,
  question: null,
  time: null,
  timezone: null,
};

export function placeOf(fields: Partial<PilotWarningPlace>): PilotWarningPlace {
  return { ...nowhere, ...fields };
}

export function warningAt(kind: PilotWarningKind, message: string, place: PilotWarningPlace): PilotWarning {
  return { kind, message, ...place, where: warningWhere(place) };
}
