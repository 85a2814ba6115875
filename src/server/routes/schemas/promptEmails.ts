// The prompt emails' calls (issue 33): the app's switch, and the email's unsubscribe link.
export const promptEmailsSchema = {
  type: 'object',
  required: ['enabled'],
  properties: { enabled: { type: 'boolean', description: 'Whether a prompt that cannot be pushed (or was not received) is emailed' } },
} as const;

export const unsubscribeQuerySchema = {
  type: 'object',
  properties: { token: { type: 'string', maxLength: 400, description: "The signed token of the email's List-Unsubscribe link" } },
} as const;

const html = { 'text/html': { schema: { type: 'string' } } } as const;
const message = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } as const;

/** JSON `{message}`, or a small page when the Accept header asks for HTML (a browser). */
export const unsubscribeAnswer = {
  description: '`{message}`; a small HTML page when the Accept header names text/html',
  content: { 'application/json': { schema: message }, ...html },
} as const;

