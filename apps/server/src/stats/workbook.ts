import ExcelJS from 'exceljs';
import type { ItemAnalysis } from '@qbank/shared/stats';
import { statsMessages as m } from './messages';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const percent = (value: number | null) => (value === null ? m.none : Number((value * 100).toFixed(1)));
const fixed = (value: number | null, digits = 2) => (value === null ? m.none : Number(value.toFixed(digits)));

/** The item analysis table as an .xlsx workbook for the exam committee: one row per problem. */
export async function itemAnalysisWorkbook(analysis: ItemAnalysis): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'qbank';
  const sheet = workbook.addWorksheet(m.sheetName);
  sheet.addRow([m.title(analysis.test_name)]).font = { bold: true, size: 14 };
  sheet.addRow([m.summary(analysis.members, analysis.kr20 === null ? m.none : analysis.kr20.toFixed(3))]);
  sheet.addRow([analysis.upper_size > 0 ? m.groups(analysis.upper_size, analysis.lower_size) : m.tooFew(analysis.min_members)]);
  sheet.addRow([]);
  const optionCount = Math.max(0, ...analysis.items.map((item) => item.options.length));
  const optionLabels = Array.from({ length: optionCount }, (_, i) => analysis.items.find((item) => item.options[i])?.options[i]?.option ?? String(i + 1));
  const header = sheet.addRow([m.columns.no, m.columns.difficulty, m.columns.discrimination, m.key, ...optionLabels.map(m.columns.option), m.columns.flags]);
  header.font = { bold: true };
  for (const item of analysis.items) {
    sheet.addRow([
      item.no,
      percent(item.difficulty),
      fixed(item.discrimination),
      item.options.filter((option) => option.is_key).map((option) => option.option).join(','),
      ...item.options.map((option) => (option.rate === null ? m.none : `${percent(option.rate)} / ${percent(option.upper_rate)} / ${percent(option.lower_rate)}`)),
      item.flags.map((flag) => m.flags[flag]).join(', '),
    ]);
  }
  sheet.columns.forEach((column, index) => {
    column.width = index === 0 ? 8 : 18;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
