// How the routes that record an answer (solve/routes.ts, study/routes.ts, study/review-routes.ts)
// reply: 201 with the new record, or 200 with the first record when the same client_id was sent
// before (recordAnswer in ./service.ts), so a client replaying after a lost reply learns its
// answer is already in.

/** The route's responses: the same body under both codes. */
export function recordedResponses<S>(schema: S): { 200: S; 201: S } {
  return { 200: schema, 201: schema };
}

/** Sends the record with 200 when it was replayed, 201 when it is new. */
export function sendRecorded<B, R>(reply: { status(code: 200 | 201): { send(body: B): R } }, replayed: boolean, body: B): R {
  return reply.status(replayed ? 200 : 201).send(body);
}
