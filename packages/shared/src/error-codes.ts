// The `code` of every API error (decision 121). No zod here: the web app's first screen reads these
// without loading a schema library (decision 050); errors.ts re-exports them beside the schema.
export const ERROR_CODES = {
  validation: 'VALIDATION',
  unauthenticated: 'UNAUTHENTICATED',
  notApproved: 'NOT_APPROVED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  /** A 409 for an answer to a 문항 무효 problem: the screen shows the problem as void (decision 079). */
  problemVoided: 'PROBLEM_VOIDED',
  tooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  rateLimited: 'RATE_LIMITED',
  requestTimeout: 'REQUEST_TIMEOUT',
  invalidCredentials: 'INVALID_CREDENTIALS',
  internal: 'INTERNAL',
  /** The process is shutting down (its /healthz while draining). */
  unavailable: 'UNAVAILABLE',
  /** The file store (the S3 bucket) failed or did not answer in time. */
  storageUnavailable: 'STORAGE_UNAVAILABLE',
} as const;
