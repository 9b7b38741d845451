import ExcelJS from 'exceljs';
import type { ItemAnalysis } from '@qbank/shared/stats';
import { statsMessages as m } from './messages';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// Rates are written as numbers (0.7, shown as 70.0 % by the cell's format), so the committee can
// sort, average and chart them; a figure not computed yet is an empty cell, not text.
const PERCENT = '0.0%';
const DISCRIMINATION = '0.00';
/** All, upper group, lower group: three columns per option. */
const GROUPS = [0, 1, 2] as const;

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
  const header = sheet.addRow([
    m.columns.no,
    m.columns.difficulty,
    m.columns.discrimination,
    m.key,
    ...optionLabels.flatMap((label) => GROUPS.map((group) => m.columns.option(label, group))),
    m.columns.flags,
  ]);
  header.font = { bold: true };
  for (const item of analysis.items) {
    const row = sheet.addRow([
      item.no,
      item.difficulty,
      item.discrimination,
      item.options
        .filter((option) => option.is_key)
        .map((option) => option.option)
        .join(','),
      // Padded to the widest problem's options, so the flags stay in their column.
      ...optionLabels.flatMap((_, i) => {
        const option = item.options[i];
        return option ? [option.rate, option.upper_rate, option.lower_rate] : [null, null, null];
      }),
      item.flags.map((flag) => m.flags[flag]).join(', '),
    ]);
    row.getCell(2).numFmt = PERCENT;
    row.getCell(3).numFmt = DISCRIMINATION;
    for (let i = 0; i < optionLabels.length * GROUPS.length; i++) row.getCell(5 + i).numFmt = PERCENT;
  }
  sheet.columns.forEach((column, index) => {
    column.width = index === 0 ? 8 : 14;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
