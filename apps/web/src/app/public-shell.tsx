import { Anchor, Box, Burger, Button, Container, Divider, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { MenuDrawer } from '../components/menu-drawer';
import { PageLoader } from '../components/page-loader';
import { nextFromLocation, sanitizeNextPath } from '../lib/next-path';
import { paths } from '../lib/paths';
import { useLoginSession } from '../lib/login-session';
import { LazyNotificationBell, LazyOfflineIndicator, LazyPendingNotice } from './shell-extras';
import { expectsMember, MemberActionsLookAlike } from './member-look-alikes';
import { usePageSettled } from '../lib/use-page-settled';
import { messages } from './messages';

const m = messages.nav;

const MemberActions = lazy(() => import('./member-actions').then((module) => ({ default: module.MemberActions })));

const mainLinks = [
  { label: m.exams, href: paths.exams.getHref() },
  { label: m.subjects, href: paths.subjects.getHref() },
  { label: m.board, href: paths.board.getHref() },
  // Active on every study screen (builder, history, a session), not only on the builder.
  { label: m.study, href: paths.studyNew.getHref(), section: '/study' },
  { label: m.search, href: paths.search.getHref() },
];

function isActive(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

function MainLinks({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return mainLinks.map((link) => {
    const active = isActive(pathname, ('section' in link && link.section) || link.href);
    return (
      <Button
        key={link.href}
        component={Link}
        to={link.href}
        onClick={onNavigate}
        variant={active ? 'light' : 'subtle'}
        color={active ? undefined : 'dark'}
        justify={vertical ? 'flex-start' : 'center'}
        fullWidth={vertical}
        aria-current={active ? 'page' : undefined}
      >
        {link.label}
      </Button>
    );
  });
}

/**
 * Login/signup for visitors; dashboard and logout for members. While the session is checked, the
 * members' buttons when this device was signed in, else nothing.
 */
function AuthActions({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const session = useLoginSession();
  const settled = usePageSettled();
  const location = useLocation();
  if (session.status === 'checking') return !vertical && expectsMember() ? <MemberActionsLookAlike /> : null;

  if (session.status === 'signed-in') {
    // The top bar's buttons' code waits for the page to settle (decision 065), their stand-ins
    // are drawn meanwhile (issue 26 item 14); in the drawer, which a member opens, they are there at once.
    if (!settled && !vertical) return <MemberActionsLookAlike />;
    return (
      <Suspense fallback={vertical ? null : <MemberActionsLookAlike />}>
        <MemberActions vertical={vertical} onNavigate={onNavigate} />
      </Suspense>
    );
  }

  // Signing in from a page comes back to it; on the login/signup pages the links keep their `next`.
  const onAuthPage = location.pathname === paths.login.path || location.pathname === paths.signup.path;
  const pageNext = new URLSearchParams(location.search).get('next');
  const next = onAuthPage ? (pageNext ? sanitizeNextPath(pageNext) : null) : nextFromLocation(location);
  return (
    <>
      <Button component={Link} to={paths.login.getHref(next)} onClick={onNavigate} fullWidth={vertical}>
        {m.login}
      </Button>
      <Button component={Link} to={paths.signup.getHref(next)} onClick={onNavigate} variant="default" fullWidth={vertical}>
        {m.signup}
      </Button>
    </>
  );
}

/**
 * The public layout: top bar (links, auth actions, mobile drawer), the page, and the footer.
 * Without children it renders the matched child route.
 */
export function PublicShell({ children }: { children?: ReactNode }) {
  const [drawerOpened, drawer] = useDisclosure(false);
  const location = useLocation();

  // A navigation (link, back button) closes the mobile menu.
  const closeDrawer = drawer.close;
  useEffect(() => closeDrawer(), [location.pathname, closeDrawer]);

  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a className="qbank-skip-link" href="#main-content">
        {messages.app.skipToContent}
      </a>
      <Box component="header" bg="var(--mantine-color-body)" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg" h={60}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="lg" wrap="nowrap">
              <Anchor component={Link} to={paths.home.getHref()} c="dark.9" fw={800} fz={24} underline="never">
                {messages.app.name}
              </Anchor>
              <Group component="nav" aria-label={m.main} gap={4} visibleFrom="sm">
                <MainLinks />
              </Group>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <LazyOfflineIndicator />
              <LazyNotificationBell />
              <Group gap="xs" visibleFrom="sm" wrap="nowrap">
                <AuthActions />
              </Group>
              <Burger hiddenFrom="sm" opened={drawerOpened} onClick={drawer.toggle} aria-label={m.openMenu} aria-expanded={drawerOpened} size="sm" />
            </Group>
          </Group>
        </Container>
      </Box>

      <MenuDrawer opened={drawerOpened} onClose={drawer.close} title={m.menu}>
        <Stack gap="xs">
          <Stack component="nav" aria-label={m.mobile} gap={4}>
            <MainLinks vertical onNavigate={drawer.close} />
          </Stack>
          <Divider my="xs" />
          <AuthActions vertical onNavigate={drawer.close} />
        </Stack>
      </MenuDrawer>

      {/* At least a screen tall, so the footer starts below the fold and does not jump down
          (layout shift, CLS) when the page's data arrives and its content grows. */}
      <Box component="main" id="main-content" tabIndex={-1} mih="100vh" style={{ flex: 1 }}>
        <LazyPendingNotice />
        <Container size="lg" py="lg">
          <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
        </Container>
      </Box>

      <Box component="footer" bg="gray.0" py="lg" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {messages.footer.about}
            </Text>
            <Text size="sm" c="gray.7">
              {messages.footer.contactLabel}:{' '}
              <Anchor href={`mailto:${messages.footer.contactEmail}`} size="sm">
                {messages.footer.contactEmail}
              </Anchor>
            </Text>
            <Text size="sm" c="gray.7">
              {messages.footer.copyright}
            </Text>
          </Stack>
        </Container>
      </Box>
    </Box>
  );
}
