import { E2E_SMTP_PORT, mailDir, startMailSink } from './mail';

// Playwright globalSetup: the SMTP server the API under test sends its mail to (SMTP_URL in
// playwright.config.ts). The returned function is the teardown.
export default async function globalSetup(): Promise<() => Promise<void>> {
  return startMailSink(E2E_SMTP_PORT, mailDir());
}
