import type { ReferenceTable } from './reference-values';

// The 참고치 panel's default table (issue 30 item 4, decision 168): common adult laboratory
// reference ranges in the units Korean exams print (conventional units: mg/dL, g/dL, mEq/L).
// A lead may replace the table (PUT /v1/reference-values); until then this one is shown, also
// offline, since the web bundle carries it.

export const DEFAULT_REFERENCE_TABLE: ReferenceTable = {
  source:
    'qbank 편집: 내과학 교과서에 널리 실린 성인 표준 참고 범위(Harrison’s Principles of Internal Medicine 부록 “Reference Values for Laboratory Tests” 등)를 요약. 검사실마다 기준이 다르며, 시험 문제에 주어진 값이 있으면 그 값을 따르세요.',
  values: [
    // 일반혈액
    { category: '일반혈액', name: '백혈구', abbr: 'WBC', range: '4,000–10,000', unit: '/μL' },
    { category: '일반혈액', name: '적혈구 (남)', abbr: 'RBC', range: '4.5–5.9', unit: '×10⁶/μL' },
    { category: '일반혈액', name: '적혈구 (여)', abbr: 'RBC', range: '4.0–5.2', unit: '×10⁶/μL' },
    { category: '일반혈액', name: '혈색소 (남)', abbr: 'Hb', range: '13.5–17.5', unit: 'g/dL' },
    { category: '일반혈액', name: '혈색소 (여)', abbr: 'Hb', range: '12.0–16.0', unit: 'g/dL' },
    { category: '일반혈액', name: '적혈구용적 (남)', abbr: 'Hct', range: '41–53', unit: '%' },
    { category: '일반혈액', name: '적혈구용적 (여)', abbr: 'Hct', range: '36–46', unit: '%' },
    { category: '일반혈액', name: '평균적혈구용적', abbr: 'MCV', range: '80–100', unit: 'fL' },
    { category: '일반혈액', name: '평균적혈구혈색소', abbr: 'MCH', range: '27–33', unit: 'pg' },
    { category: '일반혈액', name: '평균적혈구혈색소농도', abbr: 'MCHC', range: '32–36', unit: 'g/dL' },
    { category: '일반혈액', name: '혈소판', abbr: 'PLT', range: '150,000–400,000', unit: '/μL' },
    { category: '일반혈액', name: '망상적혈구', abbr: 'Retic', range: '0.5–2.5', unit: '%' },
    { category: '일반혈액', name: '적혈구침강속도', abbr: 'ESR', range: '남 0–15, 여 0–20', unit: 'mm/h' },
    { category: '일반혈액', name: '호중구', abbr: 'Neutrophil', range: '40–70', unit: '%' },
    { category: '일반혈액', name: '림프구', abbr: 'Lymphocyte', range: '20–40', unit: '%' },
    { category: '일반혈액', name: '호산구', abbr: 'Eosinophil', range: '1–4', unit: '%' },
    // 응고
    { category: '응고', name: '프로트롬빈시간', abbr: 'PT', range: '11–13.5', unit: '초' },
    { category: '응고', name: '국제정상화비율', abbr: 'PT INR', range: '0.8–1.2', unit: '' },
    { category: '응고', name: '활성화부분트롬보플라스틴시간', abbr: 'aPTT', range: '25–35', unit: '초' },
    { category: '응고', name: '섬유소원', abbr: 'Fibrinogen', range: '200–400', unit: 'mg/dL' },
    { category: '응고', name: 'D-이합체', abbr: 'D-dimer', range: '< 0.5', unit: 'μg/mL FEU' },
    // 전해질·신기능
    { category: '전해질·신기능', name: '나트륨', abbr: 'Na', range: '135–145', unit: 'mEq/L' },
    { category: '전해질·신기능', name: '칼륨', abbr: 'K', range: '3.5–5.0', unit: 'mEq/L' },
    { category: '전해질·신기능', name: '염소', abbr: 'Cl', range: '98–106', unit: 'mEq/L' },
    { category: '전해질·신기능', name: '총이산화탄소', abbr: 'tCO₂', range: '22–28', unit: 'mEq/L' },
    { category: '전해질·신기능', name: '칼슘', abbr: 'Ca', range: '8.5–10.5', unit: 'mg/dL' },
    { category: '전해질·신기능', name: '이온화칼슘', abbr: 'iCa', range: '4.5–5.3', unit: 'mg/dL' },
    { category: '전해질·신기능', name: '인', abbr: 'P', range: '2.5–4.5', unit: 'mg/dL' },
    { category: '전해질·신기능', name: '마그네슘', abbr: 'Mg', range: '1.7–2.4', unit: 'mg/dL' },
    { category: '전해질·신기능', name: '혈액요소질소', abbr: 'BUN', range: '7–20', unit: 'mg/dL' },
    { category: '전해질·신기능', name: '크레아티닌 (남)', abbr: 'Cr', range: '0.7–1.3', unit: 'mg/dL' },
    { category: '전해질·신기능', name: '크레아티닌 (여)', abbr: 'Cr', range: '0.6–1.1', unit: 'mg/dL' },
    { category: '전해질·신기능', name: '사구체여과율 추정치', abbr: 'eGFR', range: '≥ 90', unit: 'mL/min/1.73m²' },
    { category: '전해질·신기능', name: '요산', abbr: 'Uric acid', range: '남 3.5–7.2, 여 2.6–6.0', unit: 'mg/dL' },
    { category: '전해질·신기능', name: '혈청삼투질농도', abbr: 'Osm', range: '275–295', unit: 'mOsm/kg' },
    // 간기능
    { category: '간기능', name: '아스파르테이트아미노전달효소', abbr: 'AST', range: '0–40', unit: 'IU/L' },
    { category: '간기능', name: '알라닌아미노전달효소', abbr: 'ALT', range: '0–40', unit: 'IU/L' },
    { category: '간기능', name: '알칼리인산분해효소', abbr: 'ALP', range: '40–130', unit: 'IU/L' },
    { category: '간기능', name: '감마글루타밀전이효소', abbr: 'GGT', range: '남 10–71, 여 6–42', unit: 'IU/L' },
    { category: '간기능', name: '총빌리루빈', abbr: 'T.bil', range: '0.2–1.2', unit: 'mg/dL' },
    { category: '간기능', name: '직접빌리루빈', abbr: 'D.bil', range: '0–0.3', unit: 'mg/dL' },
    { category: '간기능', name: '총단백', abbr: 'Protein', range: '6.0–8.0', unit: 'g/dL' },
    { category: '간기능', name: '알부민', abbr: 'Albumin', range: '3.5–5.0', unit: 'g/dL' },
    { category: '간기능', name: '암모니아', abbr: 'NH₃', range: '15–45', unit: 'μg/dL' },
    { category: '간기능', name: '아밀레이스', abbr: 'Amylase', range: '25–125', unit: 'U/L' },
    { category: '간기능', name: '리파아제', abbr: 'Lipase', range: '10–140', unit: 'U/L' },
    { category: '간기능', name: '젖산탈수소효소', abbr: 'LDH', range: '100–250', unit: 'U/L' },
    // 당·지질
    { category: '당·지질', name: '공복혈당', abbr: 'FPG', range: '70–99', unit: 'mg/dL' },
    { category: '당·지질', name: '당화혈색소', abbr: 'HbA1c', range: '4.0–5.6', unit: '%' },
    { category: '당·지질', name: '총콜레스테롤', abbr: 'TC', range: '< 200', unit: 'mg/dL' },
    { category: '당·지질', name: '중성지방', abbr: 'TG', range: '< 150', unit: 'mg/dL' },
    { category: '당·지질', name: 'HDL 콜레스테롤', abbr: 'HDL-C', range: '≥ 40', unit: 'mg/dL' },
    { category: '당·지질', name: 'LDL 콜레스테롤', abbr: 'LDL-C', range: '< 130', unit: 'mg/dL' },
    // 동맥혈가스
    { category: '동맥혈가스', name: '수소이온농도', abbr: 'pH', range: '7.35–7.45', unit: '' },
    { category: '동맥혈가스', name: '이산화탄소분압', abbr: 'PaCO₂', range: '35–45', unit: 'mmHg' },
    { category: '동맥혈가스', name: '산소분압', abbr: 'PaO₂', range: '80–100', unit: 'mmHg' },
    { category: '동맥혈가스', name: '중탄산염', abbr: 'HCO₃⁻', range: '22–26', unit: 'mEq/L' },
    { category: '동맥혈가스', name: '산소포화도', abbr: 'SaO₂', range: '95–100', unit: '%' },
    { category: '동맥혈가스', name: '음이온차', abbr: 'Anion gap', range: '8–12', unit: 'mEq/L' },
    { category: '동맥혈가스', name: '젖산', abbr: 'Lactate', range: '0.5–2.0', unit: 'mmol/L' },
    // 내분비
    { category: '내분비', name: '갑상선자극호르몬', abbr: 'TSH', range: '0.4–4.0', unit: 'μIU/mL' },
    { category: '내분비', name: '유리티록신', abbr: 'Free T4', range: '0.8–1.8', unit: 'ng/dL' },
    { category: '내분비', name: '총삼요오드티로닌', abbr: 'T3', range: '80–180', unit: 'ng/dL' },
    { category: '내분비', name: '코티솔 (오전 8시)', abbr: 'Cortisol', range: '5–25', unit: 'μg/dL' },
    { category: '내분비', name: '부갑상선호르몬', abbr: 'PTH', range: '10–65', unit: 'pg/mL' },
    { category: '내분비', name: '25-수산화비타민 D', abbr: '25(OH)D', range: '30–100', unit: 'ng/mL' },
    // 철·염증·심장
    { category: '철·염증·심장', name: '혈청철', abbr: 'Fe', range: '60–170', unit: 'μg/dL' },
    { category: '철·염증·심장', name: '총철결합능', abbr: 'TIBC', range: '250–450', unit: 'μg/dL' },
    { category: '철·염증·심장', name: '페리틴 (남)', abbr: 'Ferritin', range: '30–400', unit: 'ng/mL' },
    { category: '철·염증·심장', name: '페리틴 (여)', abbr: 'Ferritin', range: '15–150', unit: 'ng/mL' },
    { category: '철·염증·심장', name: 'C반응단백', abbr: 'CRP', range: '< 0.5', unit: 'mg/dL' },
    { category: '철·염증·심장', name: '프로칼시토닌', abbr: 'PCT', range: '< 0.1', unit: 'ng/mL' },
    { category: '철·염증·심장', name: '크레아틴키나아제', abbr: 'CK', range: '남 40–200, 여 30–170', unit: 'U/L' },
    { category: '철·염증·심장', name: '트로포닌 I', abbr: 'TnI', range: '< 0.04', unit: 'ng/mL' },
    { category: '철·염증·심장', name: 'B형 나트륨이뇨펩티드', abbr: 'BNP', range: '< 100', unit: 'pg/mL' },
    // 소변·뇌척수액
    { category: '소변·뇌척수액', name: '요비중', abbr: 'SG', range: '1.005–1.030', unit: '' },
    { category: '소변·뇌척수액', name: '요 pH', abbr: 'Urine pH', range: '4.5–8.0', unit: '' },
    { category: '소변·뇌척수액', name: '24시간 요단백', abbr: 'Urine protein', range: '< 150', unit: 'mg/일' },
    { category: '소변·뇌척수액', name: '뇌척수액 압력', abbr: 'CSF pressure', range: '70–180', unit: 'mmH₂O' },
    { category: '소변·뇌척수액', name: '뇌척수액 백혈구', abbr: 'CSF WBC', range: '0–5', unit: '/μL' },
    { category: '소변·뇌척수액', name: '뇌척수액 단백', abbr: 'CSF protein', range: '15–45', unit: 'mg/dL' },
    { category: '소변·뇌척수액', name: '뇌척수액 포도당', abbr: 'CSF glucose', range: '40–70 (혈당의 약 2/3)', unit: 'mg/dL' },
  ],
};
