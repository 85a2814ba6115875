// The participant app's device report (issue 33, PARTICIPANTS.md "The device report"): the phone's push
// permission, whether the app is installed, its version, time zone and answers waiting, as the Participant List
// shows them. A state, replaced by each report: no idempotency key (docs/decisions.md).
import type { FastifyPluginAsync } from 'fastify';
import { deviceMessages } from '../../shared/messages';
import { readDeviceReport } from '../../shared/devices';
import { acceptJsonBodiesOnly } from '../plugins/jsonBodies';
import { participantOf, requireParticipant } from '../plugins/participantAuth';
import { reportDevice } from '../services/participants/devices';
import { badRequest } from '../httpErrors';
import { messageSchema } from './schemas/common';
import { appCommon, appErrorResponses } from './schemas/app';
import { deviceReportBody } from './schemas/devices';

export const appDeviceRoutes: FastifyPluginAsync = async (app) => {
  acceptJsonBodiesOnly(app);

  app.post<{ Body: Record<string, unknown> }>(
    '/api/app/device',
    {
      preValidation: requireParticipant,
      schema: {
        ...appCommon,
        operationId: 'reportDevice',
        summary: "Report this phone's state (on start and when the app comes to the front); the newer report replaces the older",
        body: deviceReportBody,
        response: { 200: messageSchema, ...appErrorResponses },
      },
    },
    async (request) => {
      const { participant } = participantOf(request);
      const read = readDeviceReport(request.body);
      if ('problem' in read) throw badRequest(read.problem);
      await reportDevice(app.ctx.db, participant.id, read.report, request.headers['user-agent']);
      return { message: deviceMessages.reported };
    },
  );
};
