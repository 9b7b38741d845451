import { describe, expect, it } from 'vitest';
import { buildProblemContent, loadKorMedQuestions, permutation, SAMPLE_QUESTIONS_FILE, type ChoiceType } from './problem-text';

const questions = loadKorMedQuestions(SAMPLE_QUESTIONS_FILE);
const CIRCLED = ['①', '②', '③', '④', '⑤'];

function correctChoice(index: number): string {
  const q = questions[index]!;
  return q.choices[q.answer[0]! - 1]!;
}

/** The text after the circled mark on the answer's line of the choice list. */
function answeredLine(illustration: string, answer: string): string {
  const line = illustration.split('\n')[CIRCLED.indexOf(answer)];
  if (line === undefined) throw new Error(`answer ${answer} names no line of ${illustration}`);
  return line.slice(2);
}

describe('large seed problem text', () => {
  it('reads the in-repo KorMedMCQA sample: every 20th question of the shared copy', () => {
    expect(questions).toHaveLength(101);
    expect(questions.every((q) => q.choices.length === 5)).toBe(true);
  });

  it('permutes without losing or repeating an index', () => {
    for (let index = 0; index < 120; index++) expect([...permutation(5, index)].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(new Set(Array.from({ length: 120 }, (_, i) => permutation(5, i).join())).size).toBe(120);
  });

  it.each([5, 4, 2] as ChoiceType[])('keeps the official answer on the correct choice after shuffling (choice type %s)', (choiceType) => {
    const lines = choiceType === 5 ? 5 : choiceType === 4 ? 4 : 3;
    for (let index = 0; index < questions.length; index += 1) {
      for (const replica of [0, 1, 5, 23]) {
        const content = buildProblemContent(questions[index]!, { type: 1, choiceType, replica, no: 1, examLabel: '2024 해부학 중간고사' });
        expect(content.illustration.split('\n')).toHaveLength(lines);
        expect(answeredLine(content.illustration, content.answer)).toBe(correctChoice(index));
      }
    }
  });

  it('makes the lettered answer name exactly the statement that is the correct choice', () => {
    for (let index = 0; index < questions.length; index += 1) {
      const content = buildProblemContent(questions[index]!, { type: 1, choiceType: 1, replica: index % 7, no: 1, examLabel: '2024 병리학 기말고사' });
      const letter = answeredLine(content.illustration, content.answer);
      expect(letter).toMatch(/^[가나다라]$/);
      // A letter counts only after a space: statements often end in 다. ("…사용한다."), which is not the mark 다.
      const list = content.question_text.split('해당하는 것을 모두 고른 것은? ')[1] ?? '';
      const statement = list.match(new RegExp(`(?:^| )${letter}\\. (.*?)(?= [가나다라]\\. |$)`))?.[1];
      expect(statement).toBe(correctChoice(index).replace(/\s+/g, ' ').trim());
    }
  });

  it('varies replicas of one question and answers essays and slides with the correct choice', () => {
    const replicas = Array.from({ length: 50 }, (_, replica) =>
      buildProblemContent(questions[3]!, { type: 1, choiceType: 5, replica, no: 1, examLabel: '2024 내과 중간고사' }),
    );
    expect(new Set(replicas.map((c) => `${c.question}\n${c.illustration}`)).size).toBe(50);
    const essay = buildProblemContent(questions[3]!, { type: 2, choiceType: null, replica: 0, no: 2, examLabel: '2024 내과 중간고사' });
    const slide = buildProblemContent(questions[3]!, { type: 4, choiceType: null, replica: 0, no: 3, examLabel: '2024 내과 중간고사' });
    expect(essay).toMatchObject({ answer: correctChoice(3), illustration: '' });
    expect(slide.answer).toBe(correctChoice(3));
    expect(slide.question_text.startsWith('[슬라이드 3번]')).toBe(true);
  });
});
