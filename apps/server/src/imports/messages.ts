import { PROBLEM_NO_MAX } from '@qbank/shared/authoring';
import { IMPORT_FILE_MAX_BYTES, IMPORT_PDF_PAGES_MAX, IMPORT_IMAGES_PER_PROBLEM_MAX, IMPORT_PROBLEMS_MAX, IMPORT_SET_HEADERS_MAX } from '@qbank/shared/imports';

const count = (n: number) => n.toLocaleString('ko-KR');

// Korean texts of the bulk import (server side).
export const importMessages = {
  fileRequired: '가져올 파일(.hwp, .hwpx, .pdf, .docx, .xlsx, .csv)을 올려 주세요.',
  formBroken: '올린 파일을 받지 못했습니다. 파일을 다시 골라 올려 주세요.',
  formatUnsupported: '지원하지 않는 파일 형식입니다. .hwp, .hwpx, .pdf, .docx, .xlsx 또는 .csv 파일을 올려 주세요.',
  fileTooLarge: `파일이 너무 큽니다. ${IMPORT_FILE_MAX_BYTES / 1024 / 1024}MB 이하의 파일을 올려 주세요.`,
  tooManyProblems: (count: number) => `문제가 너무 많습니다(${count}개). 한 번에 ${IMPORT_PROBLEMS_MAX}개까지 가져올 수 있습니다.`,
  // Limits of what one problem or passage of a file may hold (imports/limits.ts), named with where it is.
  textTooLong: (where: string, field: string, length: number, max: number) =>
    `${where} ${field}의 길이가 ${count(length)}자입니다. ${count(max)}자 이하로 줄여서 다시 올려 주세요.`,
  tooManyPictures: (where: string, pictures: number) =>
    `${where}에 그림이 ${pictures}개 있습니다. 한 문제에 ${IMPORT_IMAGES_PER_PROBLEM_MAX}개까지 가져올 수 있습니다.`,
  tooManySetHeaders: (headers: number) => `공통 지문이 너무 많습니다(${headers}개). 한 번에 ${IMPORT_SET_HEADERS_MAX}개까지 가져올 수 있습니다.`,
  setHeaderNumbersInvalid: (where: string) => `${where}의 문제 번호가 올바르지 않습니다. 1부터 ${PROBLEM_NO_MAX}까지의 번호를 쓰세요.`,
  setHeaderLabel: (begin: number, end: number) => `공통 지문 [${begin}~${end}]`,
  fieldNames: { question: '문제', illustration: '보기', answer: '정답', comments: '해설', header_text: '본문' },
  notOffice: '파일을 읽을 수 없습니다. 손상되었거나 이름만 바뀐 파일입니다. 원본 .docx/.xlsx 파일을 올려 주세요.',
  archiveTooLarge: '압축을 풀면 너무 커지는 파일입니다. 파일을 다시 저장해서 올려 주세요.',
  notHwpx: '한글(.hwpx) 문서가 아닙니다. 한글에서 .hwpx로 다시 저장해서 올려 주세요.',
  notHwp: '한글(.hwp) 문서가 아닙니다. 한글 97 이전 형식이거나 이름만 바뀐 파일입니다. 한글에서 다시 저장해서 올려 주세요.',
  documentEncrypted: '암호가 걸린 문서는 읽을 수 없습니다. 한글에서 암호를 풀고 다시 저장해서 올려 주세요.',
  distributionDocument: '배포용 문서는 읽을 수 없습니다. 원본 문서(배포용으로 저장하기 전의 파일)를 올려 주세요.',
  notPdf: 'PDF 파일을 읽을 수 없습니다. 손상되었거나 이름만 바뀐 파일입니다.',
  pdfEncrypted: '암호가 걸린 PDF는 읽을 수 없습니다. 암호를 풀고 다시 저장해서 올려 주세요.',
  pdfScript: '자바스크립트가 들어 있는 PDF는 받지 않습니다. PDF로 다시 인쇄(저장)해서 올려 주세요.',
  pdfTooManyPages: (pages: number) => `PDF가 ${count(pages)}쪽입니다. ${count(IMPORT_PDF_PAGES_MAX)}쪽 이하만 가져올 수 있습니다.`,
  pdfNoText: '글자가 없는 PDF입니다(스캔한 이미지로 보입니다). 글자를 인식(OCR)하는 기능은 없으니, 원본 한글·Word 파일이나 글자가 들어 있는 PDF를 올려 주세요.',
  textEncoding: '글자 인코딩을 알 수 없습니다. 글을 다시 복사해서 붙여 넣어 주세요.',
  pasteEmpty: '붙여 넣은 글이 없습니다.',
  sameContent: '이 시험에 같은 내용의 문제가 이미 있어 건너뜁니다.',
  brokenDocument: '문서 내용을 읽지 못했습니다. 파일이 손상되었을 수 있습니다. 다시 저장해서 올려 주세요.',
  csvEncoding: 'CSV 파일의 글자 인코딩을 알 수 없습니다. UTF-8로 저장해서 올려 주세요.',
  noHeaderRow: '첫 줄에 열 이름(번호, 유형, 문제, 보기, 정답, 해설)이 필요합니다. 양식 파일을 내려받아 사용해 주세요.',
  noProblemsFound: '문제를 찾지 못했습니다. 문제는 "1.", "1)", "문 1.", "Q1"처럼 번호로 시작해야 합니다.',
  noAnswer: '정답을 찾지 못했습니다.',
  noQuestion: '문제 내용이 비어 있습니다.',
  optionCountOdd: (count: number) => `보기가 ${count}개입니다. 객관식은 보통 4개나 5개입니다.`,
  numberTaken: '이 번호에는 이미 작성된 문제가 있습니다. 번호를 바꾸거나 제외하세요.',
  fillsVacant: '비어 있는 같은 번호의 슬롯을 채웁니다.',
  duplicateNumber: '같은 유형·번호의 문제가 파일 안에 두 번 있습니다.',
  pictureUnreadable: '그림 하나를 읽지 못해 뺐습니다(PNG, JPEG, GIF, WebP만 지원).',
  pictureTooLarge: '5MB가 넘는 그림 하나를 뺐습니다.',
  typeUnknown: (value: string) => `유형 "${value}"을(를) 알 수 없어 보기 수로 정했습니다.`,
  numberInvalid: (row: number) => `${row}번째 줄의 번호가 올바르지 않아 건너뛰었습니다.`,
  importTaken: (labels: string) => `이미 작성된 문제가 있는 번호입니다: ${labels}. 미리보기에서 번호를 바꾸거나 제외하세요.`,
  importDuplicate: (labels: string) => `가져올 문제 중 번호가 겹칩니다: ${labels}.`,
  headerRangeInvalid: '공통 지문의 범위가 올바르지 않습니다(시작 번호 ≤ 끝 번호).',
};
