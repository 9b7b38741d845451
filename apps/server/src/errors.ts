import { ERROR_CODES } from '@qbank/shared/errors';
import { messages } from './messages';

// Typed errors with a stable code and a Korean message; the one error handler turns them into
// `{message, code, fields?}` with the status below (decision 121).
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const validationError = (message: string, fields?: Record<string, string>) => new AppError(400, ERROR_CODES.validation, message, fields);
export const unauthenticated = () => new AppError(401, ERROR_CODES.unauthenticated, messages.unauthenticated);
export const invalidCredentials = () => new AppError(401, ERROR_CODES.invalidCredentials, messages.invalidCredentials);
export const notApproved = () => new AppError(403, ERROR_CODES.notApproved, messages.notApproved);
export const forbidden = (message: string = messages.forbidden) => new AppError(403, ERROR_CODES.forbidden, message);
export const notFound = (message: string = messages.notFound) => new AppError(404, ERROR_CODES.notFound, message);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError(409, ERROR_CODES.conflict, message, fields);
export const rateLimited = (message: string = messages.rateLimited) => new AppError(429, ERROR_CODES.rateLimited, message);
