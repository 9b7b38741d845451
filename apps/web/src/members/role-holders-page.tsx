import type { Member } from '@qbank/shared/auth';
import { Alert, Button, Group, NativeSelect, Paper, Radio, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { ERROR_CODES } from '@qbank/shared/errors';
import { currentKoreanYear, type MemberAuthorityRequest } from '@qbank/shared/member-admin';
import { validationMessages } from '@qbank/shared/messages';
import { mayAppoint } from '@qbank/shared/policies';
import { AUTHORITY, isAdminRole, type Role } from '@qbank/shared/roles';
import { IconInfoCircle, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { EmptyState } from '../components/empty-state';
import { isApiRequestError } from '../lib/api-client';
import { useLoginSession } from '../lib/login-session';
import { messages } from './messages';
import { ALL_MEMBERS, memberListQueryOptions, useChangeAuthority } from './api';
import { showFailureBanner, showSuccessBanner } from './banners';
import { byName, calculatedGradeText, matchesMemberSearch, memberLabel, protectionReason } from './member-format';
import { GuardedAction, RoleBadge } from './member-ui';
import { LoadFailed, Loading } from '../components/load-state';
import { PageHeader } from '../components/page-header';
import { RoleRemovalDialog } from './role-removal-dialog';
import { MemberTable } from './member-cells';

const m = messages.members;
const r = m.roles;
const c = m.columns;

/** Candidates shown at once; the search narrows the rest. */
const CANDIDATES_SHOWN = 20;
/** Leads are appointed for grades 1–4. */
const LEAD_GRADES = [1, 2, 3, 4] as const;

type Kind = 'lead' | 'admin';

interface RoleTexts {
  intro: string;
  holders: (count: number) => string;
  holdersTable: string;
  none: string;
  appointTitle: string;
  appointed: (name: string) => string;
  removed: (name: string) => string;
  appointFailed: string;
  already: string;
  superadminOnly?: string;
}

interface KindRules {
  authority: 1 | 2;
  texts: RoleTexts;
  title: string;
  holds: (role: Role) => boolean;
  /** Lead candidates are approved members who are not admins; admin candidates, approved students. */
  isCandidate: (member: Member) => boolean;
  canManage: (actor: Role) => boolean;
}

const rules: Record<Kind, KindRules> = {
  lead: {
    authority: AUTHORITY.lead,
    texts: r.lead,
    title: messages.titles.leads,
    holds: (role) => role === 'lead',
    isCandidate: (member) => member.validated === 1 && !isAdminRole(member.role),
    canManage: (actor) => mayAppoint(actor, 'lead'),
  },
  admin: {
    authority: AUTHORITY.admin,
    texts: r.admin,
    title: messages.titles.admins,
    // The superadmin is listed with the admins (and cannot be removed).
    holds: (role) => isAdminRole(role),
    isCandidate: (member) => member.validated === 1 && member.role === 'student',
    canManage: (actor) => mayAppoint(actor, 'admin'),
  },
};

function HoldersTable({ kind, holders, actor, canManage }: { kind: Kind; holders: Member[]; actor: Member; canManage: boolean }) {
  const { texts } = rules[kind];
  const change = useChangeAuthority();
  const year = currentKoreanYear();
  const [toRemove, setToRemove] = useState<Member | null>(null);

  const remove = (member: Member) =>
    change.mutate(
      { member, request: { authority: null } },
      {
        onSuccess: () => {
          setToRemove(null);
          showSuccessBanner(texts.removed(member.name));
        },
        onError: (error) => {
          setToRemove(null);
          showFailureBanner(r.removeFailed, error);
        },
      },
    );

  if (holders.length === 0) return <EmptyState>{texts.none}</EmptyState>;
  return (
    <>
      <RoleRemovalDialog member={toRemove} busy={change.isPending} onConfirm={remove} onClose={() => setToRemove(null)} />
      <MemberTable
        label={texts.holdersTable}
        minWidth={canManage ? 620 : 520}
        labels={[c.id, c.name, c.nickname, kind === 'lead' ? c.grade : c.role, ...(canManage ? [c.actions] : [])]}
        members={holders}
        cells={(member) => (
          <>
            <Table.Td>{kind === 'lead' ? calculatedGradeText(member, year) : <RoleBadge role={member.role} />}</Table.Td>
            {canManage && (
              <Table.Td>
                <GuardedAction
                  reason={protectionReason(actor, member)}
                  label={r.removeLabel(memberLabel(member))}
                  color="red"
                  loading={change.isPending && change.variables?.member.code === member.code}
                  onClick={() => setToRemove(member)}
                >
                  {r.remove}
                </GuardedAction>
              </Table.Td>
            )}
          </>
        )}
      />
    </>
  );
}

function AppointForm({ kind, candidates }: { kind: Kind; candidates: Member[] }) {
  const { texts, authority, holds } = rules[kind];
  const change = useChangeAuthority();
  const year = currentKoreanYear();
  const headingId = useId();
  const [search, setSearch] = useState('');
  const [selectedCode, setSelectedCode] = useState<string | null>(null);
  const [grade, setGrade] = useState('');
  const [error, setError] = useState<string | null>(null);

  const matches = useMemo(() => candidates.filter((member) => matchesMemberSearch(member, search)), [candidates, search]);
  const shown = matches.slice(0, CANDIDATES_SHOWN);
  const selected = candidates.find((member) => String(member.code) === selectedCode) ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!selected) {
      setError(validationMessages.appointeeRequired);
      return;
    }
    if (holds(selected.role)) {
      setError(texts.already);
      return;
    }
    setError(null);
    const request: MemberAuthorityRequest = kind === 'lead' && grade ? { authority, grade: Number(grade) } : { authority };
    change.mutate(
      { member: selected, request },
      {
        onSuccess: () => {
          showSuccessBanner(texts.appointed(selected.name));
          setSelectedCode(null);
          setSearch('');
          setGrade('');
        },
        onError: (failure) => {
          // "Already a lead/admin" and "not approved yet" answer 409: shown at the field, like the client check.
          if (isApiRequestError(failure) && failure.code === ERROR_CODES.conflict) setError(failure.message);
          else showFailureBanner(texts.appointFailed, failure);
        },
      },
    );
  };

  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={headingId}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id={headingId}>
            {texts.appointTitle}
          </Title>
          <TextInput
            label={r.searchLabel}
            description={r.searchHint}
            placeholder={r.searchPlaceholder}
            value={search}
            maxLength={200}
            leftSection={<IconSearch size={16} aria-hidden />}
            onChange={(e) => setSearch(e.currentTarget.value)}
            // Enter in the search box must not appoint whoever happens to be selected.
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.preventDefault();
            }}
          />
          <Radio.Group
            label={r.candidates}
            value={selectedCode}
            onChange={(value) => {
              setSelectedCode(value);
              setError(null);
            }}
            error={error}
          >
            {shown.length === 0 ? (
              <Text size="sm" c="gray.7" mt="xs">
                {r.noCandidates}
              </Text>
            ) : (
              <Stack gap={6} mt="xs">
                {shown.map((member) => (
                  <Radio
                    key={member.code}
                    value={String(member.code)}
                    label={
                      <Group gap={6} wrap="wrap">
                        <Text span fw={600}>
                          {memberLabel(member)}
                        </Text>
                        <Text span size="sm" c="gray.7">
                          {member.nickname} · {calculatedGradeText(member, year)}
                        </Text>
                        {member.role !== 'student' && <RoleBadge role={member.role} />}
                      </Group>
                    }
                  />
                ))}
              </Stack>
            )}
          </Radio.Group>
          {matches.length > shown.length && (
            <Text size="sm" c="gray.7">
              {r.moreCandidates(shown.length, matches.length)}
            </Text>
          )}
          {selected && (
            <Text size="sm" aria-live="polite">
              {r.selected(memberLabel(selected))}
            </Text>
          )}
          {kind === 'lead' && (
            <NativeSelect
              label={r.gradeLabel}
              description={r.gradeHint}
              value={grade}
              onChange={(e) => setGrade(e.currentTarget.value)}
              data={[{ value: '', label: r.gradeKeep }, ...LEAD_GRADES.map((g) => ({ value: String(g), label: m.grade(g) }))]}
              maw={240}
            />
          )}
          <Button type="submit" w="fit-content" loading={change.isPending}>
            {r.appoint}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** Admin screens (decision 026): lead management and admin management, one screen shape for both. */
export function RoleHoldersPage({ kind }: { kind: Kind }) {
  const { texts, title, holds, isCandidate, canManage } = rules[kind];
  const session = useLoginSession();
  const everyone = useQuery(memberListQueryOptions(ALL_MEMBERS));
  const actor = session.user;

  const { holders, candidates } = useMemo(() => {
    const members = everyone.data?.members ?? [];
    return {
      // The superadmin first, then by name.
      holders: members.filter((member) => holds(member.role)).sort((x, y) => Number(y.role === 'superadmin') - Number(x.role === 'superadmin') || byName(x, y)),
      candidates: members.filter(isCandidate).sort(byName),
    };
  }, [everyone.data, holds, isCandidate]);

  if (!actor) return null;
  const manage = canManage(actor.role);
  const headingId = `${kind}-holders-heading`;

  return (
    <Stack gap="md">
      <PageHeader title={title} intro={texts.intro} />
      {everyone.isPending ? (
        <Loading />
      ) : everyone.isError ? (
        <LoadFailed text={r.searchFailed} error={everyone.error} onRetry={() => void everyone.refetch()} />
      ) : (
        <>
          {!manage && texts.superadminOnly && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
              {texts.superadminOnly}
            </Alert>
          )}
          <Stack component="section" gap="sm" aria-labelledby={headingId}>
            <Title order={2} size="h4" id={headingId}>
              {texts.holders(holders.length)}
            </Title>
            <HoldersTable kind={kind} holders={holders} actor={actor} canManage={manage} />
          </Stack>
          {manage && <AppointForm kind={kind} candidates={candidates} />}
        </>
      )}
    </Stack>
  );
}

export function LeadsPage() {
  return <RoleHoldersPage kind="lead" />;
}

export function AdminsPage() {
  return <RoleHoldersPage kind="admin" />;
}
