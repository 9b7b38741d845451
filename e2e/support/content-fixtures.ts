import { expect, type Page } from '@playwright/test';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { DEMO_PASSWORD } from './fixtures';

// Issue 16 e2e helpers: a small Korean exam paper as .docx, and a fresh exam of demo-lead's.

const line = (text: string) => new Paragraph({ children: [new TextRun(text)] });

async function examPaperDocx(): Promise<Buffer> {
  const document = new Document({
    sections: [
      {
        children: [
          line('2025 순환기내과학 쪽지시험'),
          line('1. 급성 심근경색 환자에서 가장 먼저 시행할 검사는?'),
          ...['심전도', '흉부 X선', '심장초음파', '관상동맥조영술', '운동부하검사'].map((c, i) => line(`${'①②③④⑤'[i]} ${c}`)),
          line('정답: ①'),
          line('해설: 도착 10분 안에 12유도 심전도를 찍는다.'),
          line('2. 심방세동에서 뇌졸중 위험을 평가하는 점수는?'),
          ...['CHA2DS2-VASc', 'HAS-BLED', 'TIMI', 'GRACE', 'Killip'].map((c, i) => line(`${'①②③④⑤'[i]} ${c}`)),
          line('답 ①'),
          line('3. 제2형 당뇨병 환자의 1차 약제로 옳지 않은 것은?'),
          ...['메트포르민', '생활습관 교정', '인슐린 단독 고정', '운동', '식이 조절'].map((c, i) => line(`${'①②③④⑤'[i]} ${c}`)),
          line('정답: ③'),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

export async function signIn(page: Page, id: string, next: string): Promise<void> {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('아이디 또는 이메일').fill(id);
  await page.getByLabel('비밀번호').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL((url) => url.pathname === next);
}

/** A new empty exam (the signed-in page's session makes it). */
export async function createExam(page: Page, name: string): Promise<number> {
  const names = await (await page.request.get('/v1/subject/names')).json();
  const subject = names.subject_names[0].subject_code as number;
  const response = await page.request.post('/v1/test', { data: { test_name: name, subject_code: subject, year: 2025 } });
  expect(response.status(), await response.text()).toBe(201);
  const body = await response.json();
  return body.test_info.test_code as number;
}

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Imports the paper into `exam` through the screen, leaving out problem 2. */
export async function importPaperWithoutProblem2(page: Page, exam: number, screenshot?: string): Promise<void> {
  await page.goto(`/dashboard/lead/tests/${exam}/problems`);
  await page.getByRole('link', { name: '파일에서 가져오기' }).click();
  await expect(page).toHaveURL(`/dashboard/lead/tests/${exam}/import`);
  await expect(page.getByRole('heading', { level: 1, name: '문제 가져오기' })).toBeVisible();
  await page.locator('input[type=file]').setInputFiles({ name: '쪽지시험.docx', mimeType: DOCX_TYPE, buffer: await examPaperDocx() });
  await page.getByRole('button', { name: '미리보기' }).click();
  await expect(page.getByTestId('import-row')).toHaveCount(3);
  await expect(page.getByText('문제 3개 중 3개를 가져옵니다.')).toBeVisible();
  await page.getByLabel('2번 가져오기').uncheck();
  await expect(page.getByText('문제 3개 중 2개를 가져옵니다.')).toBeVisible();
  if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });
  await page.getByRole('button', { name: '2개 가져오기' }).click();
  await expect(page.getByText('문제 2개를 가져왔습니다(새 문제 2개, 빈 슬롯 0개).')).toBeVisible();
  await expect(page).toHaveURL(`/dashboard/lead/tests/${exam}/problems`);
}
