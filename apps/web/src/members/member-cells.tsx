import { Table } from '@mantine/core';
import type { Member } from '@qbank/shared/auth';
import type { ReactNode } from 'react';
import { ScrollTable } from '../components/scroll-table';
import { messages } from './messages';

// The member tables (approvals, members, users, role holders) share their head row's form and the
// cells that name a member: the id as the row's header, then name and nickname.

export function MemberHead({ labels }: { labels: string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {labels.map((label) => (
          <Table.Th scope="col" key={label}>
            {label}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

export function MemberNameCells({ member }: { member: Pick<Member, 'id' | 'name' | 'nickname'> }) {
  return (
    <>
      <Table.Th scope="row" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {member.id}
      </Table.Th>
      <Table.Td>{member.name}</Table.Td>
      <Table.Td>{member.nickname}</Table.Td>
    </>
  );
}

/** E-mail and school number, or a dash where there is none. */
export function MemberContactCells({ member }: { member: Pick<Member, 'email' | 'school_no'> }) {
  return (
    <>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{member.email ?? messages.members.noValue}</Table.Td>
      <Table.Td>{member.school_no ?? messages.members.noValue}</Table.Td>
    </>
  );
}

/** A member table: the head row, then a row per member that starts with the naming cells. */
export function MemberTable<T extends Pick<Member, 'code' | 'id' | 'name' | 'nickname'>>({
  label,
  minWidth,
  labels,
  members,
  cells,
}: {
  label: string;
  minWidth: number;
  labels: string[];
  members: T[];
  cells: (member: T) => ReactNode;
}) {
  return (
    <ScrollTable label={label} minWidth={minWidth}>
      <MemberHead labels={labels} />
      <Table.Tbody>
        {members.map((member) => (
          <Table.Tr key={member.code}>
            <MemberNameCells member={member} />
            {cells(member)}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}
