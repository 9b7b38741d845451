import type { Member } from '@qbank/shared/auth';
import { roleLabels, type Role } from '@qbank/shared/roles';
import { ActionIcon, Anchor, AppShell, Badge, Box, Burger, Button, Divider, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconBooks,
  IconCalendarEvent,
  IconCalendarStats,
  IconChartBar,
  IconChecklist,
  IconClipboardList,
  IconHistory,
  IconKey,
  IconPalette,
  IconFlag,
  IconFlask,
  IconGitMerge,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconListDetails,
  IconShieldCheck,
  IconSchool,
  IconTargetArrow,
  IconUserCheck,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
  IconUserStar,
  IconScale,
  type Icon,
} from '@tabler/icons-react';
import { Suspense, useEffect, type ComponentType } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useLogout } from '../auth/api';
import { disputeMessages } from '../disputes/messages';
import { OpenDisputeCountBadge } from '../disputes/open-count-badge';
import { MenuDrawer } from '../components/menu-drawer';
import { PageLoader } from '../components/page-loader';
import { paths } from '../lib/paths';
import { LazyNotificationBell, LazyOfflineIndicator } from './shell-extras';
import { messages } from './messages';
import { statsMessages } from '../stats/messages';
import { examDateMessages } from '../exam-dates/messages';
import { studyMessages } from '../study/messages';
import { messages as lookMessages } from '../settings/messages';
import { messages as ratingMessages } from '../ratings/messages';
import { messages as referenceMessages } from '../reference/messages';
import { lineageMessages } from '../lineage/messages';
import { ADMIN_ROLES, LEAD_ROLES } from '@qbank/shared/roles';

const SIDEBAR_COLLAPSED_KEY = 'qbank.dashboard.sidebarCollapsed';

interface MenuItem {
  label: string;
  href: string;
  icon: Icon;
  /** A count beside the label (the lead's open disputes). */
  badge?: ComponentType;
}
interface MenuSection {
  label: string;
  roles: readonly Role[] | 'all';
  items: MenuItem[];
}

const t = messages.titles;
const d = paths.dashboard;

const menu: MenuSection[] = [
  {
    label: messages.dashboard.adminSection,
    roles: ADMIN_ROLES,
    items: [
      { label: t.approvals, href: d.admin.approvals.getHref(), icon: IconUserCheck },
      { label: t.leads, href: d.admin.leads.getHref(), icon: IconUserStar },
      { label: t.admins, href: d.admin.admins.getHref(), icon: IconShieldCheck },
      { label: t.members, href: d.admin.members.getHref(), icon: IconUsersGroup },
      { label: t.users, href: d.admin.users.getHref(), icon: IconUsers },
      { label: t.audit, href: d.admin.audit.getHref(), icon: IconHistory },
    ],
  },
  {
    label: messages.dashboard.leadSection,
    roles: LEAD_ROLES,
    items: [
      { label: t.leadTests, href: d.lead.tests.getHref(), icon: IconClipboardList },
      { label: t.leadSubjects, href: d.lead.subjects.getHref(), icon: IconBooks },
      { label: t.leadGrades, href: d.lead.grades.getHref(), icon: IconCalendarStats },
      { label: t.leadAssign, href: d.lead.assign.getHref(), icon: IconListDetails },
      { label: disputeMessages.menu, href: d.lead.disputes.getHref(), icon: IconScale, badge: OpenDisputeCountBadge },
      { label: ratingMessages.queue.menu, href: d.lead.flagged.getHref(), icon: IconFlag },
      { label: referenceMessages.editor.menu, href: d.lead.reference.getHref(), icon: IconFlask },
      { label: lineageMessages.lead.menu, href: d.lead.lineage.getHref(), icon: IconGitMerge },
    ],
  },
  {
    label: messages.dashboard.mySection,
    roles: 'all',
    items: [
      { label: t.library, href: d.library.getHref(), icon: IconSchool },
      { label: statsMessages.menu, href: d.stats.getHref(), icon: IconChartBar },
      { label: examDateMessages.menu, href: d.calendar.getHref(), icon: IconCalendarEvent },
      { label: t.my, href: d.my.getHref(), icon: IconChecklist },
      { label: studyMessages.nav.builder, href: paths.studyNew.getHref(), icon: IconTargetArrow },
      { label: studyMessages.nav.history, href: paths.studySessions.getHref(), icon: IconHistory },
      { label: lookMessages.menu, href: d.settings.look.getHref(), icon: IconPalette },
      { label: t.settingsPassword, href: d.settings.password.getHref(), icon: IconKey },
    ],
  },
];

function dashboardMenuFor(role: Role): MenuSection[] {
  return menu.filter((section) => section.roles === 'all' || section.roles.includes(role));
}

// Filled badges in shade 8–9: white text on them meets WCAG AA contrast.
const roleColors: Record<Role, string> = { superadmin: 'grape.9', admin: 'red.9', lead: 'teal.9', student: 'blue.8' };

function isActive(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

function DashboardNav({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const link = (item: MenuItem) => {
    const active = isActive(pathname, item.href);
    const ItemIcon = item.icon;
    const ItemBadge = item.badge;
    return (
      <NavLink
        key={item.href}
        component={Link}
        to={item.href}
        onClick={onNavigate}
        label={item.label}
        leftSection={<ItemIcon size={18} stroke={1.6} aria-hidden />}
        rightSection={ItemBadge ? <ItemBadge /> : undefined}
        active={active}
        aria-current={active ? 'page' : undefined}
      />
    );
  };
  return (
    <Stack gap="md">
      {dashboardMenuFor(role).map((section) => (
        <div key={section.label}>
          <Text size="xs" fw={700} c="gray.7" px="sm" mb={4}>
            {section.label}
          </Text>
          {section.items.map(link)}
        </div>
      ))}
      <Divider />
      <div>
        {link({ label: messages.dashboard.profileLink, href: d.profile.getHref(), icon: IconUserCircle })}
        {link({ label: messages.dashboard.backToExams, href: paths.exams.getHref(), icon: IconArrowLeft })}
      </div>
    </Stack>
  );
}

/** The signed-in member: id and role label, always visible in the top bar. */
function MemberBadge({ user }: { user: Member }) {
  return (
    <Group gap={8} wrap="nowrap">
      <Text fw={600} size="sm" truncate maw={{ base: 110, sm: 220 }} title={user.id}>
        {user.id}
      </Text>
      <Badge color={roleColors[user.role]} variant="filled" style={{ flexShrink: 0 }}>
        {roleLabels[user.role]}
      </Badge>
    </Group>
  );
}

export function DashboardLayout({ user }: { user: Member }) {
  const m = messages.dashboard;
  const [collapsed, setCollapsed] = useLocalStorage<boolean>({
    key: SIDEBAR_COLLAPSED_KEY,
    defaultValue: false,
    // Read at once: otherwise the sidebar would open and then snap shut on every visit.
    getInitialValueInEffect: false,
  });
  const [drawerOpened, drawer] = useDisclosure(false);
  const { logout, isPending } = useLogout();
  const location = useLocation();

  const closeDrawer = drawer.close;
  useEffect(() => closeDrawer(), [location.pathname, closeDrawer]);

  return (
    <AppShell
      header={{ height: 60 }}
      // Below `sm` the sidebar is replaced by the drawer; above it, the member can fold it away.
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: true, desktop: collapsed } }}
      padding="lg"
    >
      <a className="qbank-skip-link" href="#main-content">
        {messages.app.skipToContent}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger hiddenFrom="sm" opened={drawerOpened} onClick={drawer.toggle} aria-label={messages.nav.openMenu} aria-expanded={drawerOpened} size="sm" />
            <ActionIcon
              visibleFrom="sm"
              variant="subtle"
              color="dark"
              size="lg"
              onClick={() => setCollapsed((value) => !value)}
              aria-label={collapsed ? m.expandSidebar : m.collapseSidebar}
              aria-expanded={!collapsed}
              aria-controls="dashboard-sidebar"
              title={collapsed ? m.expandSidebar : m.collapseSidebar}
            >
              {collapsed ? <IconLayoutSidebarLeftExpand aria-hidden /> : <IconLayoutSidebarLeftCollapse aria-hidden />}
            </ActionIcon>
            <Anchor component={Link} to={paths.home.getHref()} c="dark.9" fw={800} fz={22} underline="never">
              {messages.app.name}
            </Anchor>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LazyOfflineIndicator />
            <LazyNotificationBell />
            <MemberBadge user={user} />
            <Button variant="default" size="xs" onClick={logout} loading={isPending} visibleFrom="sm">
              {messages.nav.logout}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      {/* Its edge line is drawn by the main area (global.css), which is as tall as the page. */}
      <AppShell.Navbar id="dashboard-sidebar" aria-label={m.nav} visibleFrom="sm" inert={collapsed} p="md" withBorder={false}>
        <AppShell.Section grow component={ScrollArea}>
          <DashboardNav role={user.role} />
        </AppShell.Section>
      </AppShell.Navbar>

      <MenuDrawer opened={drawerOpened} onClose={drawer.close} title={m.nav}>
        <Box component="nav" aria-label={m.nav}>
          <DashboardNav role={user.role} onNavigate={drawer.close} />
        </Box>
        <Button variant="default" onClick={logout} loading={isPending} fullWidth mt="lg">
          {messages.nav.logout}
        </Button>
      </MenuDrawer>

      <AppShell.Main id="main-content" tabIndex={-1} className="qbank-dashboard-main" data-sidebar={collapsed ? 'closed' : 'open'}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
