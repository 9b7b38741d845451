import { ScrollArea, Table } from '@mantine/core';
import { problemSectionLabel, sectionsByType } from '@qbank/shared/problem-labels';
import type { Problem } from '@qbank/shared/problems';
import { messages } from '../messages';
import { Fragment } from 'react';
import { answerOrDash, problemLabel, shortTypeLabel } from '../problem-format';
import './problems.css';

const m = messages.problems.answersTable;

/**
 * The answers tab: number, short type (객/주/슬) and answer, a dash when there is none; rows by
 * type under a section row (객관식 · 12문항), as the problems tab heads its sections.
 */
export function AnswersTable({ problems, showTest = false }: { problems: readonly Problem[]; showTest?: boolean }) {
  return (
    <ScrollArea
      type="auto"
      // A scrolled region must be reachable from the keyboard (axe: scrollable-region-focusable).
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': m.caption }}
    >
      <Table striped highlightOnHover withTableBorder verticalSpacing="xs" miw={showTest ? 520 : undefined}>
        <Table.Caption>{m.caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {showTest && <Table.Th scope="col">{m.test}</Table.Th>}
            <Table.Th scope="col" w={80}>
              {m.no}
            </Table.Th>
            <Table.Th scope="col" w={64}>
              {m.type}
            </Table.Th>
            <Table.Th scope="col">{m.answer}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {/* The class viewer's rows run exam by exam (its exam column says whose Q01 it is). */}
          {(showTest ? [{ type: 0, items: [...problems] }] : sectionsByType(problems)).map((section) => (
            <Fragment key={section.type}>
              {!showTest && (
                <Table.Tr className="qbank-answers-section">
                  <Table.Th scope="colgroup" colSpan={3}>
                    {problemSectionLabel(section.type, section.items.length)}
                  </Table.Th>
                </Table.Tr>
              )}
              {section.items.map((problem) => (
                <Table.Tr key={problem.uid}>
                  {showTest && <Table.Td>{problem.test_name}</Table.Td>}
                  <Table.Td>{problemLabel(problem.no)}</Table.Td>
                  <Table.Td>{shortTypeLabel(problem.type)}</Table.Td>
                  <Table.Td className="qbank-pre-line">{answerOrDash(problem.answer)}</Table.Td>
                </Table.Tr>
              ))}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
