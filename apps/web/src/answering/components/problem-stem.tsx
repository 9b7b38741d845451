import { Paper, Stack } from '@mantine/core';
import type { Problem, SetHeader } from '@qbank/shared/problems';
import { SetHeaderLines } from '../../problems/components/set-header-banner';
import { answeringMessages as m } from '../messages';
import { ProblemHtml, ProblemPicture } from './problem-html';
import '../answering.css';

// What a problem asks, as every answering screen shows it: the common passage (set header) above,
// then the question and its picture.

/** The common passage (set header) above a problem. */
export function PassageHeader({ header }: { header: SetHeader }) {
  const range = m.setHeaderRange(header.begin_problem_no, header.end_problem_no);
  return (
    <Paper component="section" aria-label={`${m.setHeader} ${range}`} bg="blue.0" p="sm" radius="sm" className="qbank-solve-set-header">
      <SetHeaderLines range={range}>
        <ProblemHtml html={header.header_text} />
        <ProblemPicture path={header.pic_path} alt={m.pictures.setHeader(range)} />
      </SetHeaderLines>
    </Paper>
  );
}

/**
 * The passage, the question and its picture. `emphasizeNegation`: the deciding phrases ("옳지 않은",
 * "아닌") bold and underlined, where the screen has the switch (solve mode, the review deck).
 */
export function ProblemStem({ problem, position, emphasizeNegation = false }: { problem: Problem; position: number; emphasizeNegation?: boolean }) {
  const header = problem.set_header;
  return (
    <>
      {header && <PassageHeader header={header} />}
      <ProblemHtml html={problem.question} emphasizeNegation={emphasizeNegation} />
      <ProblemPicture path={problem.question_pic_path} alt={m.pictures.question(position)} />
    </>
  );
}

/** The stem as one block (study sessions, the session's result list). */
export function ProblemStemBlock(props: { problem: Problem; position: number }) {
  return (
    <Stack gap="md">
      <ProblemStem {...props} />
    </Stack>
  );
}
