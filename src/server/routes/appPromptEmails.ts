// The prompt emails' calls (issue 33): the app's prompt settings read and set the participant's choice
// (GET/PUT /api/app/prompt_emails), and the email's List-Unsubscribe link turns it off without a sign-in
// (RFC 8058: POST /api/app/prompt_emails/unsubscribe?token=…, body List-Unsubscribe=One-Click; a GET shows a page
// whose button posts it, as a mail scanner following the link must not unsubscribe).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { PromptEmailsBody } from '../../shared/prompting';
import { acceptJsonBodiesOnly } from '../plugins/jsonBodies';
import { participantOf, requireParticipant } from '../plugins/participantAuth';
import { HttpError } from '../httpErrors';
import { choosePromptEmails, participantOfLink, promptEmailsOf, unsubscribeByLink } from '../services/email/promptEmailChoice';
import { unsubscribeAskPage, unsubscribeDonePage, unsubscribeInvalidPage } from '../services/email/unsubscribePage';
import { appCommon, appErrorResponses, appOpen } from './schemas/app';
import { messageSchema } from './schemas/common';
import { promptEmailUnsubscribeTexts } from '../../shared/messages/promptEmail';
import { promptEmailsSchema, unsubscribeAnswer, unsubscribeQuerySchema } from './schemas/promptEmails';

type WithToken = { Querystring: { token?: string } };

const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

export const appPromptEmailRoutes: FastifyPluginAsync = async (app) => {
  acceptJsonBodiesOnly(app);
  // The one-click POST of RFC 8058 is a form (List-Unsubscribe=One-Click), urlencoded or multipart; its content
  // says nothing the path does not, so it is read and left aside. Only this plugin's routes take forms.
  const ignoreForm = (_request: FastifyRequest, _body: string, done: (error: null, body: null) => void) => done(null, null);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, ignoreForm);
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4096 }, ignoreForm);
  const db = () => app.ctx.db;

  app.get(
    '/api/app/prompt_emails',
    { preValidation: requireParticipant, schema: { ...appCommon, operationId: 'getPromptEmails', summary: 'Whether this participant gets prompts by email when push cannot bring them', response: { 200: promptEmailsSchema, ...appErrorResponses } } },
    async (request): Promise<PromptEmailsBody> => ({ enabled: await promptEmailsOf(db(), participantOf(request).participant.id) }),
  );

  app.put<{ Body: PromptEmailsBody }>(
    '/api/app/prompt_emails',
    {
      preValidation: requireParticipant,
      schema: { ...appCommon, operationId: 'setPromptEmails', summary: 'Turn prompt emails on or off (a state: sending it again changes nothing)', body: promptEmailsSchema, response: { 200: promptEmailsSchema, ...appErrorResponses } },
    },
    async (request): Promise<PromptEmailsBody> => ({ enabled: await choosePromptEmails(db(), participantOf(request).participant.id, request.body.enabled) }),
  );

  app.get<WithToken>(
    '/api/app/prompt_emails/unsubscribe',
    {
      schema: {
        ...appOpen,
        operationId: 'showPromptEmailUnsubscribe',
        summary: "The email's unsubscribe link opened: a page (for a browser) whose button turns prompt emails off; nothing changes on GET; 400 for a token not this server's",
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeAnswer, 400: unsubscribeAnswer },
      },
    },
    async (request, reply) => {
      if (!wantsHtml(request)) {
        participantOfLink(app.ctx.unsubscribeTokens, request.query.token);
        return { message: promptEmailUnsubscribeTexts.ask };
      }
      reply.type('text/html; charset=utf-8');
      try {
        participantOfLink(app.ctx.unsubscribeTokens, request.query.token);
      } catch {
        return reply.status(400).send(unsubscribeInvalidPage());
      }
      return unsubscribeAskPage(request.query.token ?? '');
    },
  );

  app.post<WithToken>(
    '/api/app/prompt_emails/unsubscribe',
    {
      schema: {
        ...appOpen,
        operationId: 'unsubscribePromptEmails',
        summary: 'RFC 8058 one-click unsubscribe: turns prompt emails off for the participant the token names, no sign-in; the same answer again',
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeAnswer, 400: unsubscribeAnswer, 413: messageSchema, 415: messageSchema },
      },
    },
    async (request, reply: FastifyReply) => {
      try {
        const message = await unsubscribeByLink(db(), app.ctx.unsubscribeTokens, request.query.token);
        if (!wantsHtml(request)) return { message };
        return reply.type('text/html; charset=utf-8').send(unsubscribeDonePage());
      } catch (error: unknown) {
        if (!(error instanceof HttpError) || !wantsHtml(request)) throw error;
        return reply.status(400).type('text/html; charset=utf-8').send(unsubscribeInvalidPage());
      }
    },
  );
};
