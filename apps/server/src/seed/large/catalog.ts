// Fixed Korean vocabulary of the large test data set: subjects, names, lecture topics and comment
// phrases. The problem text itself comes from KorMedMCQA (see problem-text.ts and fixtures/kormedmcqa-sample.json); everything here only
// dresses it as a medical school's question bank. Test data, never the demo data.

export interface SubjectSpec {
  name: string;
  abbr: string;
  /** 0 basic/other, 1 clinical. */
  type: 0 | 1;
  /** 1 when the subject is part of the clinical comprehensive exam. */
  cliexam: 0 | 1;
  /** Grade codes: 11–14 and 21–24 are quarters of years 1 and 2, 30 year 3, 40 year 4. */
  grades: number[];
  /** Words that pick matching KorMedMCQA questions for this subject's exams (empty: any question). */
  keywords: string[];
}

const basic = (name: string, abbr: string, grades: number[], keywords: string[] = [], cliexam: 0 | 1 = 0): SubjectSpec => ({
  name,
  abbr,
  type: 0,
  cliexam,
  grades,
  keywords,
});
const clinical = (name: string, abbr: string, grades: number[], keywords: string[]): SubjectSpec => ({
  name,
  abbr,
  type: 1,
  cliexam: 1,
  grades,
  keywords,
});

/** 60 subjects: the order matters, since smaller scales take the first N (basic and clinical interleaved). */
export const SUBJECTS: SubjectSpec[] = [
  basic('해부학', 'ANAT', [11, 12], ['신경', '동맥', '근육']),
  clinical('순환기내과학', 'CARD', [23, 30], ['심근', '심부전', '심방', '협심증', '심전도', '판막', '고혈압']),
  basic('생리학', 'PHYS', [12, 13], ['호르몬', '혈압', '분비']),
  clinical('호흡기내과학', 'PULM', [23, 30], ['폐렴', '호흡곤란', '기침', '천식', '흉부', '결핵']),
  basic('생화학', 'BIOC', [11, 12], ['효소', '대사', '단백질']),
  clinical('소화기내과학', 'GAST', [24, 30], ['복통', '간', '위', '설사', '황달', '췌장']),
  basic('병리학', 'PATH', [21, 22], ['조직검사', '종양', '괴사']),
  clinical('소아과학', 'PED', [30, 40], ['신생아', '소아', '영아', '개월']),
  basic('약리학', 'PHAR', [22, 23], ['약물', '투여', '부작용']),
  clinical('산부인과학', 'OBGY', [30, 40], ['임신', '분만', '자궁', '월경', '난소']),
  basic('미생물학', 'MICR', [13, 14], ['세균', '바이러스', '감염']),
  clinical('내분비내과학', 'ENDO', [24, 30], ['당뇨병', '갑상샘', '인슐린', '부신']),
  basic('면역학', 'IMMU', [13, 14], ['항체', '면역', '알레르기']),
  clinical('신장내과학', 'NEPH', [24, 30], ['신장', '콩팥', '단백뇨', '크레아티닌']),
  basic('예방의학', 'PREV', [14, 40], ['역학', '예방', '보건', '유병률'], 1),
  clinical('혈액종양내과학', 'HEMA', [24, 30], ['빈혈', '혈소판', '백혈병', '림프종']),
  basic('조직학', 'HIST', [11, 12], ['세포', '상피']),
  clinical('감염내과학', 'INFD', [24, 30], ['발열', '항생제', '감염']),
  basic('신경해부학', 'NEUA', [12, 13], ['뇌', '척수']),
  clinical('신경과학', 'NEUR', [30, 40], ['뇌졸중', '두통', '경련', '의식', '마비']),
  basic('의학유전학', 'GENE', [13, 14], ['유전', '염색체', '돌연변이']),
  clinical('정신건강의학', 'PSYC', [30, 40], ['우울', '불안', '조현병', '수면']),
  basic('기생충학', 'PARA', [14, 21], ['기생충', '원충']),
  clinical('일반외과학', 'SURG', [30, 40], ['수술', '절제', '탈장', '충수']),
  basic('분자생물학', 'MOLB', [11, 12], ['유전자', 'DNA', 'RNA']),
  clinical('정형외과학', 'ORTH', [30, 40], ['골절', '관절', '척추', '인대']),
  basic('발생학', 'EMBR', [11, 12], ['발생', '태아', '기형']),
  clinical('흉부외과학', 'CTS', [30, 40], ['흉강', '대동맥', '식도']),
  basic('의료윤리', 'ETHI', [14, 21], ['동의', '윤리', '비밀']),
  clinical('신경외과학', 'NSUR', [30, 40], ['두개', '뇌출혈', '척수']),
  basic('의학통계학', 'STAT', [14, 21], ['통계', '표본', '민감도']),
  clinical('비뇨의학', 'UROL', [30, 40], ['방광', '요로', '전립샘', '소변']),
  basic('행동과학', 'BEHA', [13, 14], ['행동', '스트레스']),
  clinical('이비인후과학', 'ENT', [30, 40], ['청력', '귀', '코', '인두']),
  basic('의료법규', 'LAW', [21, 22], ['법', '신고', '의료기관']),
  clinical('안과학', 'OPHT', [30, 40], ['시력', '눈', '망막', '안압']),
  basic('의학입문', 'INTR', [11], []),
  clinical('피부과학', 'DERM', [30, 40], ['피부', '발진', '가려움']),
  basic('의료정보학', 'INFO', [21, 22], []),
  clinical('재활의학', 'REHA', [30, 40], ['재활', '보행', '근력']),
  basic('임상술기', 'SKIL', [22, 23], ['검사', '채혈']),
  clinical('영상의학', 'RADI', [30, 40], ['CT', 'MRI', '방사선', '초음파']),
  basic('의사학', 'HMED', [11, 12], []),
  clinical('마취통증의학', 'ANES', [30, 40], ['마취', '통증', '진통']),
  basic('의학영어', 'ENGL', [11, 13], []),
  clinical('응급의학', 'EMER', [30, 40], ['응급', '쇼크', '중독', '외상']),
  basic('환경보건학', 'ENVH', [22, 23], ['환경', '직업', '노출'], 1),
  clinical('가정의학', 'FMED', [30, 40], ['건강검진', '금연', '비만', '예방접종']),
  basic('임상약리학', 'CPHA', [23, 24], ['용량', '반감기', '약동학']),
  clinical('진단검사의학', 'LABM', [30, 40], ['혈액검사', '배양', '수치']),
  basic('의료커뮤니케이션', 'COMM', [21, 22], ['설명', '상담']),
  clinical('류마티스내과학', 'RHEU', [24, 30], ['관절염', '루푸스', '통풍']),
  basic('인체구조와기능', 'STRU', [12, 13], []),
  clinical('알레르기내과학', 'ALLE', [24, 30], ['알레르기', '두드러기', '아나필락시스']),
  basic('질병과 병태생리', 'PATP', [21, 22], ['기전']),
  clinical('방사선종양학', 'RONC', [30, 40], ['방사선치료', '항암']),
  basic('보건의료체계', 'HSYS', [23, 24], ['건강보험', '보건소'], 1),
  clinical('핵의학', 'NUCM', [30, 40], ['동위원소', '스캔']),
  basic('연구방법론', 'RESM', [23, 24], ['연구', '대조군', '코호트']),
  clinical('노인의학', 'GERI', [30, 40], ['노인', '치매', '낙상']),
];

export const BASIC_TOPICS = ['총론', '구조와 기능', '분자 기전', '조절과 항상성', '실습', '임상 연계', '증례 토의', '복습과 정리'];
export const CLINICAL_TOPICS = [
  '총론과 병력 청취',
  '진단과 검사',
  '주요 증상에 대한 접근',
  '급성 질환',
  '만성 질환의 관리',
  '약물 치료',
  '응급 상황',
  '증례 토의',
  '최신 지견',
  '국가고시 대비 정리',
];

/** Exam kinds in the order a subject holds them within a year. */
export const EXAM_KINDS = ['중간고사', '기말고사', '형성평가 1차', '형성평가 2차', '형성평가 3차', '모의고사', '재시험', '쪽지시험'];

export const SURNAMES = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한', '오', '서', '신', '권', '황', '안', '송', '류', '홍'];
export const GIVEN_SYLLABLES = [
  '민',
  '서',
  '지',
  '현',
  '준',
  '우',
  '윤',
  '하',
  '수',
  '연',
  '도',
  '예',
  '은',
  '재',
  '영',
  '진',
  '유',
  '성',
  '주',
  '원',
  '태',
  '승',
  '혜',
  '다',
  '채',
  '시',
  '아',
  '호',
  '경',
  '희',
];

/** Prefixes that mark a problem as a rewritten or recalled exam item, so replicas differ. */
export const QUESTION_PREFIXES = ['', '[기출 복원] ', '', '[변형] ', '[재출제] ', '', '[모의] ', '[족보] '];

export const BOX_NAMES = [
  '복습할 문제',
  '헷갈린 문제',
  '시험 직전 볼 것',
  '국시 대비',
  '오답 모음',
  '중요 개념',
  '다시 풀기',
  '암기할 것',
  '스터디 공유',
  '교수님 강조',
  '계산 문제',
  '증례 문제',
];

/** Comment phrases; {answer} is the official answer, {choice} the correct choice text, {year} the exam year. */
export const REPLY_TEMPLATES = [
  '정답 {answer} 맞는 것 같아요. {choice} 부분이 핵심이네요.',
  '{year}년 시험에도 거의 똑같이 나왔어요.',
  '해설 덕분에 이해했습니다. 감사합니다!',
  '저는 다른 선지랑 헷갈렸는데 {choice}이(가) 정답인 이유를 다시 정리해 봐야겠어요.',
  '교수님이 수업 시간에 강조하신 부분입니다. 꼭 외우세요.',
  '이 문제 답이 {answer}인 근거가 교과서 몇 쪽에 있는지 아시는 분 있나요?',
  '국시에도 자주 나오는 유형이라고 들었어요.',
  '해설에 감별 진단도 추가해 주시면 좋겠습니다.',
  '스터디에서 같이 풀었는데 다들 {answer} 골랐어요.',
  '{choice} 외에 다른 답도 인정됐다는 얘기가 있던데 확인 부탁드려요.',
  '문제 지문이 원래 시험지랑 조금 다른 것 같아요. 수치 확인 부탁드립니다.',
  '오답 노트에 넣어 둡니다. 두 번째 틀렸어요 ㅠㅠ',
];
