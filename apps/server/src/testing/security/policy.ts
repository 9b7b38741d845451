// The authorization policy of every route, in one table (decisions 122 "Authority,
// approval", 014 "What is public", 126 "Replies and posts", 020, 021). The matrix test calls each route
// registered in Fastify's route table as each actor below, with a well-formed request, and
// compares the status with this table. A route missing here fails the test, so a new route
// cannot ship without a declared policy.

/**
 * Who calls. `student` owns the fixtures (box, replies, post, assigned slot); `other` is a
 * second approved student, the attacker in the ownership cases.
 */
export const ACTORS = ['anonymous', 'unapproved', 'student', 'other', 'lead', 'admin', 'superadmin'] as const;
export type Actor = (typeof ACTORS)[number];

/** `2xx` for allowed; otherwise the exact refusal: 401 not signed in, 403 not allowed, 404 hidden. */
export type Expected = '2xx' | 401 | 403 | 404;
export type RoutePolicy = Readonly<Record<Actor, Expected>>;

const ALLOWED = '2xx';

/** Public reads (lists, exam and class headers, boards and posts) and the public auth calls. */
const PUBLIC: RoutePolicy = {
  anonymous: ALLOWED,
  unapproved: ALLOWED,
  student: ALLOWED,
  other: ALLOWED,
  lead: ALLOWED,
  admin: ALLOWED,
  superadmin: ALLOWED,
};

/** `/v1/auth/*` calls that need a session but not an approval (an unapproved member sees that they wait). */
const SIGNED_IN: RoutePolicy = { ...PUBLIC, anonymous: 401 };

/** Problem bodies, replies, boxes, solve data, exports, attachments: an approved member. */
const APPROVED: RoutePolicy = { ...SIGNED_IN, unapproved: 403 };

/** The lead screens: leads, admins and superadmins. */
const LEADS: RoutePolicy = { ...APPROVED, student: 403, other: 403 };

/** Member and board administration. */
const ADMINS: RoutePolicy = { ...LEADS, lead: 403 };

/** Boxes are private: another member's box answers 404 as if it did not exist. */
const OWN_BOX: RoutePolicy = { ...APPROVED, other: 404, lead: 404, admin: 404, superadmin: 404 };

/** Study sessions are private too: another member's session answers 404. */
const OWN_STUDY_SESSION: RoutePolicy = OWN_BOX;

/** Only the author edits a reply or a post: admins may delete, never put words in someone's mouth. */
const AUTHOR_EDITS: RoutePolicy = { ...APPROVED, other: 403, lead: 403, admin: 403, superadmin: 403 };

/** The author or an admin deletes a reply or a post. */
const AUTHOR_OR_ADMIN_DELETES: RoutePolicy = { ...APPROVED, other: 403, lead: 403 };

/** A slot's detail and submit: its assignee, or a lead. */
const ASSIGNEE_OR_LEAD: RoutePolicy = { ...APPROVED, other: 403 };

/** A password change is asked for one's own account only; `other` asks for the student's. */
const OWN_PASSWORD: RoutePolicy = { ...SIGNED_IN, other: 403 };

export const POLICY: Readonly<Record<string, RoutePolicy>> = {
  'GET /healthz': PUBLIC,
  'GET /readyz': PUBLIC,

  // ---- auth
  'POST /v1/auth/login': PUBLIC,
  'POST /v1/auth/signup': PUBLIC,
  // Logging out never fails (decision 007), with or without a session.
  'POST /v1/auth/logout': PUBLIC,
  'POST /v1/auth/refresh': SIGNED_IN,
  'GET /v1/auth/me': SIGNED_IN,
  'POST /v1/auth/update-password/request': OWN_PASSWORD,
  // The mailed link is the credential.
  'POST /v1/auth/update-password/confirm': PUBLIC,

  // ---- members (decision 021: leads list approved members for retention and assignment)
  'GET /v1/member/members': LEADS,
  'POST /v1/member': ADMINS,
  'POST /v1/member/retain-grade': LEADS,
  'POST /v1/member/:code/validate': ADMINS,
  'POST /v1/member/:code/authority': ADMINS,
  'PATCH /v1/member/:code': ADMINS,
  'DELETE /v1/member/:code': ADMINS,

  // ---- audit log (decision 161): admins read; the retention setting is the superadmin's
  'GET /v1/admin/audit': ADMINS,
  'GET /v1/admin/audit/settings': ADMINS,
  'PUT /v1/admin/audit/settings': { ...ADMINS, admin: 403 },

  // ---- exams
  'GET /v1/test/tests': PUBLIC,
  'GET /v1/test/count': PUBLIC,
  'GET /v1/test/years': PUBLIC,
  'GET /v1/test/:id': PUBLIC,
  'GET /v1/test/:id/meta': PUBLIC,
  'POST /v1/test': LEADS,
  'PUT /v1/test/:id': LEADS,
  'GET /v1/test/:id/delete-check': LEADS,
  'DELETE /v1/test/:id': LEADS,
  // Carries answers and explanations.
  'GET /v1/test/:id/export': APPROVED,
  'POST /v1/test/:id/import': LEADS,
  'GET /v1/test/import-template': LEADS,
  'GET /v1/box/:id/export': OWN_BOX,

  // ---- subjects and classes
  'GET /v1/subject/subjects': PUBLIC,
  'GET /v1/subject/years': PUBLIC,
  'GET /v1/subject/names': PUBLIC,
  'GET /v1/subject/:id/classes': PUBLIC,
  'GET /v1/subject/:id/tests': PUBLIC,
  'POST /v1/subject': LEADS,
  'PUT /v1/subject': LEADS,
  'DELETE /v1/subject': LEADS,
  'GET /v1/class/:code/meta': PUBLIC,
  'POST /v1/subject/:id/classes': LEADS,
  'PUT /v1/class/:code': LEADS,
  'DELETE /v1/class/:code': LEADS,

  // ---- problems: reads
  'GET /v1/problem': APPROVED,
  'GET /v1/problem/header': PUBLIC,
  'GET /v1/problem/:id': APPROVED,

  // ---- problems: authoring (the student's assigned slot is the ownership case)
  'GET /v1/problem/lead': LEADS,
  'POST /v1/problem/create-empty': LEADS,
  'POST /v1/problem/create-specific': LEADS,
  'GET /v1/problem/:id/detail': ASSIGNEE_OR_LEAD,
  'PATCH /v1/problem/:id': LEADS,
  'PUT /v1/problem': LEADS,
  'POST /v1/problem': LEADS,
  'GET /v1/problem/:id/versions': LEADS,
  'POST /v1/problem/:id/versions/:versionCode/restore': LEADS,
  'POST /v1/problem/:id/submit': ASSIGNEE_OR_LEAD,
  'POST /v1/problem/header': LEADS,
  'PATCH /v1/problem/header/:code': LEADS,
  'DELETE /v1/problem/header/:code': LEADS,
  'DELETE /v1/problem/bulk-delete-vacant': LEADS,
  'DELETE /v1/problem': LEADS,
  'DELETE /v1/problem/:id': LEADS,

  // ---- assignments
  'GET /v1/problem/assignments': LEADS,
  'POST /v1/problem/assign': LEADS,
  'GET /v1/problem/my-slots': APPROVED,
  'GET /v1/problem/assigned': APPROVED,

  // ---- replies on problems (the student's reply)
  'GET /v1/problem/:id/replies': APPROVED,
  'POST /v1/problem/:id/reply': APPROVED,
  'PUT /v1/problem/:id/reply/:replyCode': AUTHOR_EDITS,
  'DELETE /v1/problem/:id/reply/:replyCode': AUTHOR_OR_ADMIN_DELETES,

  // ---- boxes (the student's box)
  'GET /v1/box': APPROVED,
  'POST /v1/box': APPROVED,
  'POST /v1/box/solve-boxes': APPROVED,
  'DELETE /v1/box/:id': OWN_BOX,
  'GET /v1/box/:id/problem': OWN_BOX,
  'POST /v1/box/:boxId/problem/:problemId': OWN_BOX,
  'DELETE /v1/box/:boxId/problem/:problemId': OWN_BOX,

  // ---- solve mode (each member's own progress: nobody can name another's)
  'GET /v1/solve/tests/:testCode': APPROVED,
  'POST /v1/solve/tests/:testCode/restart': APPROVED,
  'POST /v1/solve/attempts': APPROVED,
  // A member judges only their own essay answers; anyone else's answer is hidden (404).
  'POST /v1/solve/attempts/:code/self-judgment': OWN_BOX,

  // ---- statistics (own figures and anonymous class aggregates; the item analysis ranks members: leads)
  'GET /v1/stats/me': APPROVED,
  'GET /v1/stats/me/tests/:testCode': APPROVED,
  'GET /v1/problem/:id/stats': APPROVED,
  'GET /v1/test/:id/item-analysis': LEADS,
  'GET /v1/test/:id/item-analysis/xlsx': LEADS,

  // ---- study sessions (the student's session)
  'GET /v1/study/sessions/count': APPROVED,
  'POST /v1/study/sessions': APPROVED,
  'GET /v1/study/sessions': APPROVED,
  'GET /v1/study/sessions/:code': OWN_STUDY_SESSION,
  'POST /v1/study/sessions/:code/answers': OWN_STUDY_SESSION,
  'POST /v1/study/sessions/:code/finish': OWN_STUDY_SESSION,
  'POST /v1/study/sessions/:code/retry': OWN_STUDY_SESSION,
  'POST /v1/study/sessions/:code/wrong-notes': OWN_STUDY_SESSION,
  // ---- review deck and private notes (each member's own: nobody can name another's)
  'GET /v1/study/review': APPROVED,
  'GET /v1/study/review/count': APPROVED,
  'POST /v1/study/review/:problemUid': APPROVED,
  'PUT /v1/study/review/:problemUid/rating': APPROVED,
  // ---- lineages (issue 28): approved members read them; leads decide links and run detection.
  'GET /v1/problem/:id/lineage': APPROVED,
  'GET /v1/lineages': APPROVED,
  'GET /v1/lineages/summary': APPROVED,
  'GET /v1/lineages/class/:code': APPROVED,
  'GET /v1/search': APPROVED,
  'GET /v1/problem/similar': APPROVED,
  'GET /v1/lineages/progress': LEADS,
  'POST /v1/lineages/run': LEADS,
  'GET /v1/lineage/suggestions': LEADS,
  'GET /v1/lineage/key-conflicts': LEADS,
  'POST /v1/lineage/links/reset': LEADS,
  'POST /v1/lineage/links/confirm': LEADS,
  'POST /v1/lineage/links/reject': LEADS,
  'POST /v1/lineages/merge': LEADS,
  'POST /v1/problem/:id/lineage/split': LEADS,
  // ---- exam calendar (issue 29): any approved member keeps their own entries (the fixture is the
  // student's own, private: anyone else is told it does not exist); plans and readiness are the caller's.
  'GET /v1/exam-dates': APPROVED,
  'POST /v1/exam-dates': APPROVED,
  'GET /v1/exam-dates/settings': APPROVED,
  'PUT /v1/exam-dates/settings': APPROVED,
  'GET /v1/exam-dates/memory-model': APPROVED,
  'GET /v1/exam-dates/:code': OWN_BOX,
  'PATCH /v1/exam-dates/:code': OWN_BOX,
  'DELETE /v1/exam-dates/:code': OWN_BOX,
  'GET /v1/exam-dates/:code/plan': OWN_BOX,
  'GET /v1/exam-dates/:code/readiness': OWN_BOX,
  'POST /v1/exam-dates/:code/session': OWN_BOX,
  'GET /v1/problem/:id/note': APPROVED,
  'PUT /v1/problem/:id/note': APPROVED,
  'PUT /v1/problem/:id/confused': APPROVED,
  'GET /v1/notes': APPROVED,
  // ---- issue 30: the caller's own strikes, highlights and marks; ratings (the flagged queue is
  // the leads'); the caller's own look; the 참고치 table (leads replace it)
  'GET /v1/annotations': APPROVED,
  'PUT /v1/problem/:id/strikes': APPROVED,
  'PUT /v1/problem/:id/highlights': APPROVED,
  'PUT /v1/problem/:id/mark': APPROVED,
  'GET /v1/problem/:id/rating': APPROVED,
  'PUT /v1/problem/:id/rating': APPROVED,
  'GET /v1/ratings/summary': APPROVED,
  'GET /v1/ratings/flagged': LEADS,
  'GET /v1/settings': SIGNED_IN,
  'PUT /v1/settings': SIGNED_IN,
  'GET /v1/reference-values': APPROVED,
  'PUT /v1/reference-values': LEADS,
  // ---- answer-key disputes (issue 15): any approved member files, supports and comments;
  // leads rule. GET /v1/disputes lists a member's own disputes, a lead's all (tested in disputes.test.ts).
  'POST /v1/problem/:id/disputes': APPROVED,
  'GET /v1/problem/:id/disputes': APPROVED,
  'GET /v1/disputes': APPROVED,
  'GET /v1/disputes/summary': APPROVED,
  'POST /v1/disputes/:code/support': APPROVED,
  'POST /v1/disputes/:code/comments': APPROVED,
  'POST /v1/disputes/:code/ruling': LEADS,
  'POST /v1/problem/:id/unvoid': LEADS,

  // ---- review of submitted slots (issue 15): leads review; the assignee reads the steps
  'POST /v1/problem/:id/review': LEADS,
  'GET /v1/problem/:id/reviews': ASSIGNEE_OR_LEAD,
  'GET /v1/problem/review-counts': LEADS,

  // ---- notifications: each member's own; no route names another member (the other student's
  // codes change nothing: notifications.test.ts)
  'GET /v1/notifications': APPROVED,
  'POST /v1/notifications/read': APPROVED,

  // ---- boards (decision 020: posts are public, attachments need an approved member)
  'GET /boards': PUBLIC,
  'GET /boards/:id': PUBLIC,
  'GET /boards/:id/contents': PUBLIC,
  'GET /boards/:id/contents/:contentId': PUBLIC,
  'POST /boards/:id/contents': APPROVED,
  'PATCH /boards/:id/contents/:contentId': AUTHOR_EDITS,
  'DELETE /boards/:id/contents/:contentId': AUTHOR_OR_ADMIN_DELETES,
  'GET /boards/:id/contents/:contentId/attachment': APPROVED,
  'POST /boards/:id/contents/:contentId/replies': APPROVED,
  'PUT /boards/:id/contents/:contentId/replies/:replyCode': AUTHOR_EDITS,
  'DELETE /boards/:id/contents/:contentId/replies/:replyCode': AUTHOR_OR_ADMIN_DELETES,
  'POST /boards': ADMINS,
  'PATCH /boards/:id': ADMINS,
};

/**
 * Second cases of a route whose answer depends on the target, not only on the caller:
 * `<route key> # <case>`. Each must name a route of the table above.
 */
export const VARIANT_POLICY: Readonly<Record<string, RoutePolicy>> = {
  // The notice board is written by leads and above; every other board by any approved member.
  'POST /boards/:id/contents # notice board': LEADS,
  // Only the author edits a post, also on the notice board; a lead may not edit a student's post.
  'PATCH /boards/:id/contents/:contentId # lead post on the notice board': { ...AUTHOR_EDITS, student: 403, lead: ALLOWED },
  // Nobody changes or deletes a superadmin through the API, nor their own authority.
  'POST /v1/member/:code/authority # a superadmin': { ...ADMINS, admin: 403, superadmin: 403 },
  'DELETE /v1/member/:code # a superadmin': { ...ADMINS, admin: 403, superadmin: 403 },
  // Only a superadmin appoints, changes or removes admins.
  'POST /v1/member/:code/authority # an admin': { ...ADMINS, admin: 403 },
  'PATCH /v1/member/:code # an admin': { ...ADMINS, admin: 403 },
  'DELETE /v1/member/:code # an admin': { ...ADMINS, admin: 403 },
  // Vacant slots are hidden from the reading calls, even from leads (decision 014).
  // The bookmark stars of a page of problems: the member's own boxes only, like the plain list.
  'GET /v1/box # the stars of a page of problems': APPROVED,
  'GET /v1/problem/:id # a vacant slot': { ...APPROVED, student: 404, other: 404, lead: 404, admin: 404, superadmin: 404 },
};

/** The route a variant key belongs to. */
export function routeOfVariant(variantKey: string): string {
  return variantKey.split(' # ')[0]!;
}
