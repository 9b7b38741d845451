import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../components/route-error-page';
import { paths } from '../lib/paths';
import { ADMIN_ROLES, LEAD_ROLES } from '@qbank/shared/roles';
import { DashboardIndexRedirect } from './dashboard-access';
import { DashboardEntry } from './dashboard-entry';
import { RequireLogin, RequireRole } from './gates';
import { PublicShell } from './public-shell';
import { RootLayout } from './root-layout';

// Screens are code-split: the first screen only loads the shell, the gates and the session;
// each feature page is a lazy import like the ones below.
const LoginPage = lazy(() => import('../auth/login-page').then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() => import('../auth/signup-page').then((m) => ({ default: m.SignupPage })));
const ProfilePage = lazy(() => import('../members/profile-page').then((m) => ({ default: m.ProfilePage })));
const ApprovalsPage = lazy(() => import('../members/approvals-page').then((m) => ({ default: m.ApprovalsPage })));
const LeadsPage = lazy(() => import('../members/role-holders-page').then((m) => ({ default: m.LeadsPage })));
const AdminsPage = lazy(() => import('../members/role-holders-page').then((m) => ({ default: m.AdminsPage })));
const MembersPage = lazy(() => import('../members/members-page').then((m) => ({ default: m.MembersPage })));
const UsersPage = lazy(() => import('../members/users-page').then((m) => ({ default: m.UsersPage })));
const AuditPage = lazy(() => import('../audit/audit-page').then((m) => ({ default: m.AuditPage })));
const GradesPage = lazy(() => import('../members/grades-page').then((m) => ({ default: m.GradesPage })));
// Under both layouts' Suspense like any page: no first screen needs it.
const NotFoundPage = lazy(() => import('../components/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const HomePage = lazy(() => import('../home/home-page').then((m) => ({ default: m.HomePage })));
const ExamsPage = lazy(() => import('../exams/exams-page').then((m) => ({ default: m.ExamsPage })));
const SubjectsPage = lazy(() => import('../subjects/subjects-page').then((m) => ({ default: m.SubjectsPage })));
const SubjectClassesPage = lazy(() => import('../subjects/subject-classes-page').then((m) => ({ default: m.SubjectClassesPage })));
const SubjectTestsPage = lazy(() => import('../subjects/subject-tests-page').then((m) => ({ default: m.SubjectTestsPage })));
const BoardPage = lazy(() => import('../boards/board-page').then((m) => ({ default: m.BoardPage })));
const BoardContentPage = lazy(() => import('../boards/board-content-page').then((m) => ({ default: m.BoardContentPage })));
// The exam viewer and solve mode also start loading with the app when it opens on them (route-preload.ts).
export const loadTestProblemsPage = () => import('../problems/test-problems-page');
export const loadSolvePage = () => import('../solve/solve-page');
const TestProblemsPage = lazy(() => loadTestProblemsPage().then((m) => ({ default: m.TestProblemsPage })));
const ClassProblemsPage = lazy(() => import('../problems/class-problems-page').then((m) => ({ default: m.ClassProblemsPage })));
const FlaggedPage = lazy(() => import('../ratings/flagged-page').then((m) => ({ default: m.FlaggedPage })));
const ReferenceEditorPage = lazy(() => import('../reference/editor-page').then((m) => ({ default: m.ReferenceEditorPage })));
const LookPage = lazy(() => import('../settings/look-page').then((m) => ({ default: m.LookPage })));
const PasswordChangePage = lazy(() => import('../auth/password-change-page').then((m) => ({ default: m.PasswordChangePage })));
const ChangePasswordPage = lazy(() => import('../auth/change-password-page').then((m) => ({ default: m.ChangePasswordPage })));
// The write and edit pages carry the rich-text editor (Tiptap): it is fetched only with them.
const PostWritePage = lazy(() => import('../boards/post-write-page').then((m) => ({ default: m.PostWritePage })));
const PostEditPage = lazy(() => import('../boards/post-write-page').then((m) => ({ default: m.PostEditPage })));
const SolvePage = lazy(() => loadSolvePage().then((m) => ({ default: m.SolvePage })));
const StudyBuilderPage = lazy(() => import('../study/builder-page').then((m) => ({ default: m.BuilderPage })));
const StudySessionsPage = lazy(() => import('../study/sessions-page').then((m) => ({ default: m.SessionsPage })));
const StudySessionPage = lazy(() => import('../study/session-page').then((m) => ({ default: m.SessionPage })));
const ReviewDueCard = lazy(() => import('../study/review-due-card').then((m) => ({ default: m.ReviewDueCard })));
const ReviewPage = lazy(() => import('../study/review-page').then((m) => ({ default: m.ReviewPage })));
const LineageLeadPage = lazy(() => import('../lineage/lineage-lead-page').then((m) => ({ default: m.LineageLeadPage })));
const BankSearchPage = lazy(() => import('../lineage/bank-search-page').then((m) => ({ default: m.BankSearchPage })));
const CalendarPage = lazy(() => import('../exam-dates/calendar-page').then((m) => ({ default: m.CalendarPage })));
const MemoryModelCard = lazy(() => import('../exam-dates/memory-model-card').then((m) => ({ default: m.MemoryModelCard })));
const PlanPage = lazy(() => import('../exam-dates/plan-page').then((m) => ({ default: m.PlanPage })));
const LibraryPage = lazy(() => import('../boxes/library-page').then((m) => ({ default: m.LibraryPage })));
// The authoring pages carry the rich-text editor (Tiptap) too: fetched only with them.
const ExamListPage = lazy(() => import('../authoring/exam-list-page').then((m) => ({ default: m.ExamListPage })));
const ImportPage = lazy(() => import('../imports/import-page').then((m) => ({ default: m.ImportPage })));
const LeadProblemsPage = lazy(() => import('../authoring/lead-problems-page').then((m) => ({ default: m.LeadProblemsPage })));
const ProblemDetailPage = lazy(() => import('../authoring/problem-detail-page').then((m) => ({ default: m.ProblemDetailPage })));
const MyProblemsPage = lazy(() => import('../authoring/my-problems-page').then((m) => ({ default: m.MyProblemsPage })));
const LeadSubjectsPage = lazy(() => import('../subjects/lead-subjects-page').then((m) => ({ default: m.LeadSubjectsPage })));
const LeadDisputesPage = lazy(() => import('../disputes/lead-disputes-page').then((m) => ({ default: m.LeadDisputesPage })));
const NotificationsPage = lazy(() => import('../notifications/notifications-page').then((m) => ({ default: m.NotificationsPage })));
const AssignPage = lazy(() => import('../assignments/assign-page').then((m) => ({ default: m.AssignPage })));
// Statistics carry the charts (recharts): fetched only with their pages.
const MyStatsPage = lazy(() => import('../stats/my-stats-page').then((m) => ({ default: m.MyStatsPage })));
const ItemAnalysisPage = lazy(() => import('../stats/item-analysis-page').then((m) => ({ default: m.ItemAnalysisPage })));

const d = paths.dashboard;

const redirect = (path: string, to: string): RouteObject => ({ path, element: <Navigate to={to} replace /> });

const dashboardRoutes: RouteObject[] = [
  { index: true, element: <DashboardIndexRedirect /> },
  {
    // Anyone else entering a gated group goes to /dashboard/my.
    element: <RequireRole roles={ADMIN_ROLES} redirectTo={d.my.path} />,
    children: [
      redirect(d.admin.root.path, d.admin.approvals.getHref()),
      { path: d.admin.approvals.path, element: <ApprovalsPage /> },
      { path: d.admin.leads.path, element: <LeadsPage /> },
      { path: d.admin.admins.path, element: <AdminsPage /> },
      { path: d.admin.members.path, element: <MembersPage /> },
      { path: d.admin.users.path, element: <UsersPage /> },
      { path: d.admin.audit.path, element: <AuditPage /> },
    ],
  },
  {
    element: <RequireRole roles={LEAD_ROLES} redirectTo={d.my.path} />,
    children: [
      redirect(d.lead.root.path, d.lead.tests.getHref()),
      { path: d.lead.tests.path, element: <ExamListPage /> },
      { path: d.lead.testProblems.path, element: <LeadProblemsPage /> },
      { path: d.lead.testProblem.path, element: <ProblemDetailPage /> },
      { path: d.lead.testImport.path, element: <ImportPage /> },
      { path: d.lead.subjects.path, element: <LeadSubjectsPage /> },
      { path: d.lead.grades.path, element: <GradesPage /> },
      { path: d.lead.assign.path, element: <AssignPage /> },
      { path: d.lead.testAnalysis.path, element: <ItemAnalysisPage /> },
      { path: d.lead.disputes.path, element: <LeadDisputesPage /> },
      { path: d.lead.flagged.path, element: <FlaggedPage /> },
      { path: d.lead.reference.path, element: <ReferenceEditorPage /> },
      { path: d.lead.lineage.path, element: <LineageLeadPage /> },
    ],
  },
  {
    path: d.library.path,
    element: (
      <LibraryPage
        top={
          <Suspense fallback={null}>
            <ReviewDueCard />
          </Suspense>
        }
      />
    ),
  },
  { path: d.my.path, element: <MyProblemsPage /> },
  {
    path: d.stats.path,
    element: (
      <MyStatsPage
        bottom={
          <Suspense fallback={null}>
            <MemoryModelCard />
          </Suspense>
        }
      />
    ),
  },
  { path: d.calendar.path, element: <CalendarPage /> },
  redirect(d.settings.root.path, d.settings.password.getHref()),
  { path: d.settings.password.path, element: <PasswordChangePage /> },
  { path: d.settings.look.path, element: <LookPage /> },
  { path: d.profile.path, element: <ProfilePage /> },
  { path: d.notifications.path, element: <NotificationsPage /> },
  { path: '*', element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: d.root.path, element: <DashboardEntry />, children: dashboardRoutes },
      {
        element: <PublicShell />,
        children: [
          redirect(paths.root.path, paths.home.getHref()),
          { path: paths.home.path, element: <HomePage /> },
          { path: paths.exams.path, element: <ExamsPage /> },
          { path: paths.subjects.path, element: <SubjectsPage /> },
          { path: paths.subjectClasses.path, element: <SubjectClassesPage /> },
          { path: paths.subjectTests.path, element: <SubjectTestsPage /> },
          { path: paths.board.path, element: <BoardPage /> },
          { path: paths.boardContent.path, element: <BoardContentPage /> },
          {
            element: <RequireLogin />,
            children: [
              { path: paths.testProblems.path, element: <TestProblemsPage /> },
              { path: paths.testSolve.path, element: <SolvePage /> },
              { path: paths.studyReview.path, element: <ReviewPage /> },
              { path: paths.studyPlan.path, element: <PlanPage /> },
              { path: paths.classProblems.path, element: <ClassProblemsPage /> },
              { path: paths.boardWrite.path, element: <PostWritePage /> },
              { path: paths.boardContentEdit.path, element: <PostEditPage /> },
              { path: paths.studyNew.path, element: <StudyBuilderPage /> },
              { path: paths.studySessions.path, element: <StudySessionsPage /> },
              { path: paths.studySession.path, element: <StudySessionPage /> },
              { path: paths.search.path, element: <BankSearchPage /> },
            ],
          },
          { path: paths.login.path, element: <LoginPage /> },
          { path: paths.signup.path, element: <SignupPage /> },
          { path: paths.changePassword.path, element: <ChangePasswordPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
