// Errors that carry the status and the user-facing message they answer with.
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    /** Fields answered beside the message (a refused answer's positions, a refused activation's problems). */
    public readonly details: Readonly<Record<string, number | readonly string[]>> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string) => new HttpError(422, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);
