// Korean texts of GET /metrics (read by an operator's tools, shown when the token is wrong).
export const metricsMessages = {
  tokenRequired: '지표를 보려면 METRICS_TOKEN 값을 Bearer 토큰으로 보내야 합니다.',
};
