// The OpenAPI document, generated from the route schemas: browsable at /api/docs, and served as it is at the
// stable address /api/openapi.json for generating clients. Its checks are __tests__/server/openapi/.
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { SwaggerTransform } from '@fastify/swagger';
import { messageSchema } from '../routes/schemas/common';

export const OPENAPI_PATH = '/api/openapi.json';

/** Every tag an operation may carry, with what it groups; an operation's tag must be one of these. */
export const apiTags = [
  { name: 'site', description: 'Branding and settings of the requesting host' },
  { name: 'sign-in', description: 'Lab user and system owner sessions' },
  { name: 'two-step sign-in', description: "The signed-in staff member's authenticator app and recovery codes" },
  { name: 'access', description: "The signed-in lab user's permission entries" },
  { name: 'api keys', description: "A lab user's own read-only API keys for scripts (R, Python)" },
  { name: 'lab members', description: "A lab manager's users of their own lab and their permission entries" },
  { name: 'labs', description: 'Labs, their first lab manager and their storage (system owner)' },
  { name: 'system owner: lab users', description: 'Lab users of any lab (system owner)' },
  { name: 'studies', description: "The lab's studies: lifecycle, stages, groups, basic information and consent form" },
  { name: 'system owner: studies', description: 'Studies of any lab, by the lab user who manages them (system owner)' },
  { name: 'questionnaires', description: "The lab's questionnaires and their questions" },
  { name: 'multiple-choice sets', description: "A questionnaire's multiple-choice sets" },
  { name: 'media files', description: "The lab's media files, their uploads and the local store's signed addresses" },
  { name: 'participants', description: "A study's participants, their stage and group, and their tasks (lab users)" },
  { name: 'data', description: "A study's data: text responses, response times, the analysis export and participants' photos (lab users)" },
  { name: 'participant app', description: "The participant app's calls: account, studies, consent, tasks and answers" },
  { name: 'pilot', description: 'Pilot participants on a simulated clock held by the server (lab users)' },
  { name: 'activity', description: 'The audit trail: recorded changes, read by the viewers of a study, a lab manager and the system owner' },
];

/**
 * Refusals that come before any route's own code, documented on every operation, including routes added later:
 * - 400: every value of every request passes the input check (plugins/inputValues.ts), so even an operation
 *   without parameters refuses `?x=%00`.
 * - 413 and 415, where the operation takes a body: Fastify refuses one it cannot read, too large
 *   (BODY_LIMIT_BYTES) or of a media type it has no parser for.
 */
export const documentFrameworkRefusals: SwaggerTransform = ({ schema, url }) => {
  const response = (schema?.response ?? {}) as Record<string, unknown>;
  const refusals: Record<string, unknown> = { 400: response[400] ?? messageSchema };
  if (schema?.body) Object.assign(refusals, { 413: response[413] ?? messageSchema, 415: response[415] ?? messageSchema });
  return { schema: { ...schema, response: { ...response, ...refusals } }, url };
};

export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    transform: documentFrameworkRefusals,
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Research study portal API',
        version: '1.0.0',
        description:
          'The calls of the research portal and of the participant app. Staff calls take a lab user\'s or the system ' +
          "owner's session token (bearerAuth); /api/app calls take a participant's (participantAuth). Every refusal " +
          'answers JSON {message} (a refused participant answer adds the question_pos and response_pos at fault).',
        // package.json says UNLICENSED: the API is proprietary; the address explains that term.
        license: { name: 'UNLICENSED (proprietary)', url: 'https://docs.npmjs.com/cli/configuring-npm/package-json#license' },
      },
      // Relative: the API is on the host that serves the description, whichever host that is (branding by host).
      servers: [{ url: '/', description: 'The host serving this description' }],
      tags: apiTags,
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: "A lab user's or the system owner's session token, from /api/users/login or /api/users/systemowner/login",
          },
          participantAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: "A participant's session token, from /api/app/login or /api/app/signup; refused on staff calls",
          },
          apiKeyAuth: {
            type: 'http',
            scheme: 'bearer',
            description: "An analyst's API key (`rsp_...`, from POST /api/users/me/api_keys): read-only, accepted only by the data downloads and GET /api/studies/{id} of its studies",
          },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => reply.type('application/json; charset=utf-8').send(app.swagger()));
}
