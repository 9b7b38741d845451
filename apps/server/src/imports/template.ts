import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { IMPORT_COLUMNS } from '@qbank/shared/imports';

// The downloadable template: the Korean headers and two example rows a lead overwrites.
const EXAMPLES = [
  [
    '1',
    '객관식',
    '급성 심근경색이 의심되는 환자에서 가장 먼저 시행할 검사는?',
    '① 심전도\n② 흉부 X선\n③ 심장초음파\n④ 관상동맥조영술\n⑤ 운동부하검사',
    '①',
    '도착 10분 안에 12유도 심전도를 찍는다.',
  ],
  ['2', '주관식', '제2형 당뇨병의 1차 약제를 쓰시오.', '', '메트포르민', '금기가 없으면 메트포르민으로 시작한다.'],
];

export async function importTemplate(format: 'xlsx' | 'csv'): Promise<Buffer> {
  const headers = IMPORT_COLUMNS.map((column) => column.header);
  if (format === 'csv') return Buffer.from(`\ufeff${Papa.unparse([headers, ...EXAMPLES])}\r\n`, 'utf8');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('문제');
  sheet.addRow(headers).font = { bold: true };
  for (const row of EXAMPLES) sheet.addRow(row);
  sheet.columns = [{ width: 6 }, { width: 8 }, { width: 50 }, { width: 30 }, { width: 8 }, { width: 40 }];
  sheet.getColumn(3).alignment = { wrapText: true, vertical: 'top' };
  sheet.getColumn(4).alignment = { wrapText: true, vertical: 'top' };
  sheet.getColumn(6).alignment = { wrapText: true, vertical: 'top' };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
