// The pilot calls (issue 20; docs/api.md "Pilot mode").
import { api } from '../../../api/client';
import type { CreatedPilot, CreatePilotBody, Pilot, PilotClockBody } from '../../../../shared/types/pilot';
import type { Study } from '../../../../shared/types/study';

const id = (value: string) => encodeURIComponent(value);

export const pilotApi = {
  /** The study's stages and groups, to choose where the pilot starts. */
  study: async (studyId: string) => (await api.get<Study>(`/api/studies/${id(studyId)}`)).data,
  create: async ({ studyId, body }: { studyId: string; body: CreatePilotBody }) =>
    (await api.post<CreatedPilot>(`/api/studies/${id(studyId)}/pilot`, body)).data,
  get: async (pilotId: string) => (await api.get<Pilot>(`/api/pilots/${id(pilotId)}`)).data,
  moveClock: async ({ pilotId, body }: { pilotId: string; body: PilotClockBody }) =>
    (await api.post<Pilot>(`/api/pilots/${id(pilotId)}/clock`, body)).data,
  reset: async (pilotId: string) => (await api.post<Pilot>(`/api/pilots/${id(pilotId)}/reset`)).data,
};
