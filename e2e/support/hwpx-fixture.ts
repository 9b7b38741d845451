import JSZip from 'jszip';

// A small 한글 .hwpx exam for the import e2e, built part by part as the server's tests build theirs
// (apps/server/src/testing/fixtures/exam-documents.ts): three problems, the answers in a table.

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const HP =
  'xmlns:hp="http://www.hancom.co.kr/hwpml/2011/paragraph" xmlns:hc="http://www.hancom.co.kr/hwpml/2011/core" xmlns:hs="http://www.hancom.co.kr/hwpml/2011/section"';
const p = (inner: string) => `<hp:p><hp:run>${inner}</hp:run></hp:p>`;
const t = (text: string) => `<hp:t>${text}</hp:t>`;
const cell = (text: string) => `<hp:tc><hp:subList>${p(t(text))}</hp:subList></hp:tc>`;

export async function examHwpx(): Promise<Buffer> {
  const body = [
    p(t('2025학년도 순환기내과학 쪽지시험')),
    p(t('1. 급성 심근경색에서 가장 먼저 오르는 표지자는?')),
    p(t('① 미오글로빈 ② 트로포닌 ③ CK-MB ④ LDH')),
    p(t('2. 심방세동 환자의 뇌졸중 위험 평가 도구는?')),
    p(`<hp:pic><hc:img binaryItemIDRef="image1"/></hp:pic>${t('')}`),
    p(t('① CHA2DS2-VASc ② GRACE ③ TIMI ④ Wells')),
    p(t('3. 고혈압 응급에서 목표 혈압 강하 폭은 첫 1시간에 몇 % 이내인가?')),
    p(t('① 10 ② 25 ③ 50 ④ 75')),
    p(t('정답')),
    p(`<hp:tbl><hp:tr>${cell('1')}${cell('①')}${cell('2')}${cell('①')}${cell('3')}${cell('②')}</hp:tr></hp:tbl>`),
  ].join('');
  const zip = new JSZip();
  zip.file('mimetype', 'application/hwp+zip', { compression: 'STORE' });
  zip.file('META-INF/manifest.xml', '<?xml version="1.0" encoding="UTF-8"?><odf:manifest xmlns:odf="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>');
  zip.file(
    'Contents/content.hpf',
    '<?xml version="1.0" encoding="UTF-8"?><opf:package xmlns:opf="http://www.idpf.org/2007/opf/"><opf:manifest><opf:item id="image1" href="BinData/image1.png" media-type="image/png"/><opf:item id="section0" href="Contents/section0.xml" media-type="application/xml"/></opf:manifest></opf:package>',
  );
  zip.file('Contents/section0.xml', `<?xml version="1.0" encoding="UTF-8"?><hs:sec ${HP}>${body}</hs:sec>`);
  zip.file('BinData/image1.png', PNG_1X1);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
