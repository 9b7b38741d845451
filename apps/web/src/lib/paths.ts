// Every route of the app: `path` is the router pattern, `getHref` builds a link to it.
// Links never spell a path by hand, so a route can move in one place.

type Id = string | number;
const seg = (value: Id) => encodeURIComponent(String(value));

/** `/login?next=%2Ftests%2F1` — `next` is encoded as one query value. */
function withNext(path: string, next?: string | null): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}

export const paths = {
  root: { path: '/', getHref: () => '/' },
  home: { path: '/home', getHref: () => '/home' },
  exams: { path: '/exams', getHref: () => '/exams' },
  /** The whole bank's search: `/search?q=심근경색`. */
  search: { path: '/search', getHref: (q?: string) => (q ? `/search?q=${encodeURIComponent(q)}` : '/search') },
  subjects: { path: '/subjects', getHref: () => '/subjects' },
  subjectClasses: {
    path: '/subjects/:subjectId/classes',
    getHref: (subjectId: Id) => `/subjects/${seg(subjectId)}/classes`,
  },
  subjectTests: {
    path: '/subjects/:subjectId/tests',
    getHref: (subjectId: Id) => `/subjects/${seg(subjectId)}/tests`,
  },
  testProblems: {
    path: '/tests/:testCode/problems',
    getHref: (testCode: Id) => `/tests/${seg(testCode)}/problems`,
  },
  testSolve: {
    path: '/tests/:testCode/solve',
    getHref: (testCode: Id) => `/tests/${seg(testCode)}/solve`,
  },
  studyReview: { path: '/study/review', getHref: () => '/study/review' },
  studyPlan: { path: '/study/plan/:examDateCode', getHref: (examDateCode: Id) => `/study/plan/${seg(examDateCode)}` },
  classProblems: {
    path: '/classes/:classHeritageCode/problems',
    getHref: (classHeritageCode: Id) => `/classes/${seg(classHeritageCode)}/problems`,
  },
  board: {
    path: '/board',
    /** `/board`, or `/board?board=3` with that board's tab selected. */
    getHref: (boardCode?: Id | null) => (boardCode == null ? '/board' : `/board?board=${encodeURIComponent(String(boardCode))}`),
  },
  boardContent: {
    path: '/board/:boardCode/content/:contentCode',
    getHref: (boardCode: Id, contentCode: Id) => `/board/${seg(boardCode)}/content/${seg(contentCode)}`,
  },
  boardContentEdit: {
    path: '/board/:boardCode/content/:contentCode/edit',
    getHref: (boardCode: Id, contentCode: Id) => `/board/${seg(boardCode)}/content/${seg(contentCode)}/edit`,
  },
  boardWrite: {
    path: '/board/:boardCode/write',
    getHref: (boardCode: Id) => `/board/${seg(boardCode)}/write`,
  },
  studyNew: { path: '/study/new', getHref: () => '/study/new' },
  studySessions: { path: '/study/sessions', getHref: () => '/study/sessions' },
  studySession: {
    path: '/study/sessions/:sessionCode',
    getHref: (sessionCode: Id) => `/study/sessions/${seg(sessionCode)}`,
  },
  login: { path: '/login', getHref: (next?: string | null) => withNext('/login', next) },
  signup: { path: '/signup', getHref: (next?: string | null) => withNext('/signup', next) },
  changePassword: { path: '/change-password', getHref: () => '/change-password' },
  dashboard: {
    root: { path: '/dashboard', getHref: () => '/dashboard' },
    admin: {
      root: { path: '/dashboard/admin', getHref: () => '/dashboard/admin' },
      approvals: { path: '/dashboard/admin/approvals', getHref: () => '/dashboard/admin/approvals' },
      leads: { path: '/dashboard/admin/leads', getHref: () => '/dashboard/admin/leads' },
      admins: { path: '/dashboard/admin/admins', getHref: () => '/dashboard/admin/admins' },
      members: { path: '/dashboard/admin/members', getHref: () => '/dashboard/admin/members' },
      users: { path: '/dashboard/admin/users', getHref: () => '/dashboard/admin/users' },
      audit: { path: '/dashboard/admin/audit', getHref: () => '/dashboard/admin/audit' },
    },
    lead: {
      root: { path: '/dashboard/lead', getHref: () => '/dashboard/lead' },
      tests: { path: '/dashboard/lead/tests', getHref: () => '/dashboard/lead/tests' },
      testProblems: {
        path: '/dashboard/lead/tests/:testCode/problems',
        getHref: (testCode: Id) => `/dashboard/lead/tests/${seg(testCode)}/problems`,
      },
      testProblem: {
        path: '/dashboard/lead/tests/:testCode/problems/:problemUid',
        getHref: (testCode: Id, problemUid: Id) => `/dashboard/lead/tests/${seg(testCode)}/problems/${seg(problemUid)}`,
      },
      testImport: {
        path: '/dashboard/lead/tests/:testCode/import',
        getHref: (testCode: Id) => `/dashboard/lead/tests/${seg(testCode)}/import`,
      },
      subjects: { path: '/dashboard/lead/subjects', getHref: () => '/dashboard/lead/subjects' },
      grades: { path: '/dashboard/lead/grades', getHref: () => '/dashboard/lead/grades' },
      assign: { path: '/dashboard/lead/assign', getHref: () => '/dashboard/lead/assign' },
      testAnalysis: {
        path: '/dashboard/lead/tests/:testCode/analysis',
        getHref: (testCode: Id) => `/dashboard/lead/tests/${seg(testCode)}/analysis`,
      },
      disputes: { path: '/dashboard/lead/disputes', getHref: () => '/dashboard/lead/disputes' },
      flagged: { path: '/dashboard/lead/flagged', getHref: () => '/dashboard/lead/flagged' },
      reference: { path: '/dashboard/lead/reference', getHref: () => '/dashboard/lead/reference' },
      lineage: { path: '/dashboard/lead/lineage', getHref: () => '/dashboard/lead/lineage' },
    },
    library: { path: '/dashboard/library', getHref: () => '/dashboard/library' },
    my: { path: '/dashboard/my', getHref: () => '/dashboard/my' },
    stats: { path: '/dashboard/stats', getHref: () => '/dashboard/stats' },
    calendar: { path: '/dashboard/calendar', getHref: () => '/dashboard/calendar' },
    settings: {
      root: { path: '/dashboard/settings', getHref: () => '/dashboard/settings' },
      password: { path: '/dashboard/settings/password', getHref: () => '/dashboard/settings/password' },
      look: { path: '/dashboard/settings/look', getHref: () => '/dashboard/settings/look' },
    },
    profile: { path: '/dashboard/profile', getHref: () => '/dashboard/profile' },
    notifications: { path: '/dashboard/notifications', getHref: () => '/dashboard/notifications' },
  },
} as const;
